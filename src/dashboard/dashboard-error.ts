/** Errors of the dashboard server and the static export, with stable codes mapped to HTTP statuses. */

export type DashboardErrorCode =
  | 'INVALID_RUN_ID'
  | 'INVALID_QUERY'
  | 'RUN_NOT_FOUND'
  | 'CASE_NOT_FOUND'
  | 'RECORD_UNREADABLE'
  | 'NO_RUNS'
  | 'REPORT_TOO_LARGE'
  | 'PAGE_ASSETS_MISSING'
  | 'PAGE_BUNDLE_INVALID'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'HOST_NOT_ALLOWED';

const HTTP_STATUS: Record<DashboardErrorCode, number> = {
  INVALID_RUN_ID: 400,
  INVALID_QUERY: 400,
  RUN_NOT_FOUND: 404,
  CASE_NOT_FOUND: 404,
  RECORD_UNREADABLE: 422,
  NO_RUNS: 404,
  REPORT_TOO_LARGE: 413,
  PAGE_ASSETS_MISSING: 500,
  PAGE_BUNDLE_INVALID: 500,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  HOST_NOT_ALLOWED: 403,
};

export class DashboardError extends Error {
  constructor(
    readonly code: DashboardErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DashboardError';
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.code];
  }
}
