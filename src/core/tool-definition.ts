/** The shape of a function tool exported as a definition (instead of a plain function + YAML `parameters`). */
export interface ToolDefinition<Args extends Record<string, unknown> = Record<string, unknown>> {
  readonly description: string;
  /** JSON Schema of the arguments object. */
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly execute: (args: Args) => unknown;
}
