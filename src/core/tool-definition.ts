/** The shape of a function tool exported as a definition (instead of a plain function + YAML `parameters`). */
export interface ToolDefinition<Args extends Record<string, unknown> = Record<string, unknown>> {
  readonly description: string;
  /** JSON Schema of the arguments object. */
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly execute: (args: Args, context: ToolCallContext) => unknown;
}

/**
 * The second argument of every function tool call (a definition's `execute`, or a plain function exported as a
 * tool): `signal` is aborted when the turn times out or the run is interrupted, so the tool can stop its work.
 */
export interface ToolCallContext {
  readonly signal: AbortSignal;
}
