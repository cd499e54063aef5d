/**
 * The boundary where results become output: every hook's arguments are masked (by value, see
 * core/redactor.ts) before any reporter sees them, so the console, every report file and the run record
 * tell the same, redacted, truth.
 */
import type { Redactor } from '../core/redactor.js';
import type { Reporter } from '../core/reporter.js';

export function redactingReporter(inner: Reporter, redactor: Redactor): Reporter {
  if (!redactor.active) return inner;
  const r = <T>(value: T): T => redactor.deep(value);
  return {
    onBegin: (info) => inner.onBegin?.(r(info)),
    onTestCaseBegin: (name, index) => inner.onTestCaseBegin?.(r(name), index),
    onTurnEnd: (name, turn) => inner.onTurnEnd?.(r(name), r(turn)),
    onTestCaseEnd: (result, index) => inner.onTestCaseEnd?.(r(result), index),
    onRepeatEnd: (result, index, repeat) => inner.onRepeatEnd?.(r(result), index, repeat),
    onTestCaseRestored: (result, index) => inner.onTestCaseRestored?.(r(result), index),
    onEnd: (report, state) => inner.onEnd?.(r(report), state),
  };
}
