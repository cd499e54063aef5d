/** A tool ready to be offered to an agent: from a function module or an MCP server. */
export interface LoadedTool {
  /** The name the agent sees (an MCP tool's `prefix` included). */
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments object. */
  readonly input_schema: Readonly<Record<string, unknown>>;
  /** Runs the tool. A throw is a tool error the model sees, not a crash of the run. */
  execute(args: Record<string, unknown>, signal: AbortSignal): Promise<ToolOutput>;
}

/** What a tool call produced: the value reports and graders record, and what the model is shown. */
export interface ToolOutput {
  /** JSON: the result in the report and in the grader context (an MCP tool's structured content, if any). */
  readonly value: unknown;
  /** What the model is shown when it is not `value` as JSON (an MCP result's text, images, resources). */
  readonly content: readonly ToolContentPart[] | null;
}

export type ToolContentPart =
  | { readonly type: 'text'; readonly text: string }
  /** `data` is base64; models that cannot take images in tool results get `placeholder` instead. */
  | { readonly type: 'image'; readonly data: string; readonly media_type: string; readonly placeholder: string };

export interface ToolSet {
  readonly tools: readonly LoadedTool[];
  close(): Promise<void>;
}
