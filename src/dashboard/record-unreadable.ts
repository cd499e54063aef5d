/**
 * A run record the records layer refused, as the dashboard's RECORD_UNREADABLE error. A JSON syntax error is
 * described by its place only (records/run-record-error.ts): the parse error, whose message quotes the text
 * around it (which may hold a piece of a secret), is not kept as the cause.
 */

import type { RunRecordError } from '../records/run-record.js';
import { DashboardError } from './dashboard-error.js';

export function recordUnreadable(error: RunRecordError): DashboardError {
  if (error.code === 'RUN_RECORD_INVALID_JSON') return new DashboardError('RECORD_UNREADABLE', error.message);
  return new DashboardError('RECORD_UNREADABLE', error.message, { cause: error });
}
