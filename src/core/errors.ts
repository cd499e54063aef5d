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
