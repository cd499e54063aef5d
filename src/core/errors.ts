/** Typed errors with stable codes. Config errors are collected, never thrown one at a time. */

export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface ConfigIssue {
  readonly code: string;
  readonly location: SourceLocation | null;
  /** The test case the error belongs to, if any. */
  readonly test_case: { readonly name: string | null; readonly index: number } | null;
  /** Field path inside the test case (or from the root when test_case is null), e.g. `turns[1].expected_tools[0].args.b.regex`. */
  readonly path: string;
  readonly message: string;
  readonly hint: string | null;
}

export type LoadResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly ConfigIssue[] };

/** Thrown by the composition root when configuration or usage is invalid (exit 2). */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(readonly issues: readonly ConfigIssue[]) {
    super(`${issues.length} configuration error${issues.length === 1 ? '' : 's'}`);
    this.name = 'ConfigError';
  }
}

/** A turn failed inside the backend. `unrecoverable` ends the session: remaining turns are skipped. */
export class AgentTurnError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly unrecoverable = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AgentTurnError';
  }
}

/** The backend could not start at all (exit 3). */
export class BackendStartError extends Error {
  readonly code = 'BACKEND_START';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackendStartError';
  }
}

/** A backend setting the backend itself checks is wrong (e.g. an unknown Claude Code built-in tool): exit 2. */
export class BackendSettingError extends BackendStartError {
  override readonly name = 'BackendSettingError';
}

/**
 * An MCP server died or its connection dropped while the run needed it: the call in flight, and every later
 * call of its tools, fail with this. The turn it happened in errors (its `errors` name the server), so a
 * case that lost a tool server never passes. A function tool's call whose worker thread ended under it
 * (process.exit, a crash) fails the same way, `server` then naming the tool.
 */
export class ToolServerCrashedError extends Error {
  readonly code = 'TOOL_SERVER_CRASHED';
  constructor(
    /** The `name` of the MCP tool entry in agent.yaml. */
    readonly server: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ToolServerCrashedError';
  }
}

/**
 * The tools cannot be set up as configured, found once the servers listed their tools (exit 2, before any
 * agent call): two sources offer the same tool name, or `include`/`exclude` names a tool a server lacks.
 */
export class ToolSetupError extends Error {
  constructor(
    readonly code: 'TOOL_NAME_CLASH' | 'MCP_TOOL_UNKNOWN',
    message: string,
  ) {
    super(message);
    this.name = 'ToolSetupError';
  }
}

/**
 * User code (a function tool, a code grader, a module agent) tried to end the process (`process.exit`,
 * `process.abort`, or a signal sent to the process itself). It is stopped with this error instead; the turn it
 * ran in becomes an error naming the file and function, and the run goes on.
 */
export class UserCodeExitError extends Error {
  readonly code = 'USER_CODE_EXIT';
  constructor(message: string) {
    super(message);
    this.name = 'UserCodeExitError';
  }
}
