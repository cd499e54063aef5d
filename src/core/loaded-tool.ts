/** A tool ready to be offered to an agent: from a function module or an MCP server. */
export interface LoadedTool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments object. */
  readonly input_schema: Readonly<Record<string, unknown>>;
  /** Runs the tool. A throw is a tool error the model sees, not a crash of the run. */
  execute(args: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
}

export interface ToolSet {
  readonly tools: readonly LoadedTool[];
  close(): Promise<void>;
}
