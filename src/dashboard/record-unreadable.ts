/**
 * A run record the records layer refused, as the dashboard's RECORD_UNREADABLE error. A JSON syntax error is
 * described by its place only: V8's message quotes the text around it, which may hold a piece of a secret.
 */

import { jsonSyntaxPosition } from '../core/json-syntax-position.js';
import type { RunRecordError } from '../records/run-record.js';
import { DashboardError } from './dashboard-error.js';
import type { RunId } from './run-id.js';

export function recordUnreadable(error: RunRecordError, source: string, runId: RunId): DashboardError {
  if (error.code !== 'RUN_RECORD_INVALID_JSON') {
    return new DashboardError('RECORD_UNREADABLE', error.message, { cause: error });
  }
  const parseMessage = error.cause instanceof Error ? error.cause.message : '';
  const message = `${runId.id}: not valid JSON: ${jsonSyntaxPosition(source, parseMessage)}`;
  // The parse error is not kept as the cause: its message holds the quoted text.
  return new DashboardError('RECORD_UNREADABLE', message);
}
