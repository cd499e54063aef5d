/** One call of a tool by the agent, as captured by a backend. */
export interface ToolInvocation {
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** What the tool returned (JSON-serialisable), or null when it failed. */
  readonly result: unknown;
  /** The error message when the tool threw or the call was invalid, else null. */
  readonly error: string | null;
  readonly duration_ms: number | null;
  /**
   * The model named a tool the agent does not have: nothing ran, so the call satisfies no expected tool (a
   * name that merely contains an expected one, `safe_add` for `add`, would otherwise count).
   */
  readonly unknown_tool?: true;
  /**
   * The call never ran: the model's answer ended (cut off at its token limit) before its calls could run. It
   * satisfies no expected tool either; its `error` says why.
   */
  readonly not_run?: true;
  /**
   * The call's arguments were refused before any tool ran (no JSON, no object, nested too deep, not fitting the
   * tool's schema): they satisfy no argument check, whatever they hold; its `error` says why.
   */
  readonly args_refused?: true;
}
