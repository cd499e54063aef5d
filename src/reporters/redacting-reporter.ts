/**
 * The boundary where results become output: every hook's arguments are masked (by value, see
 * core/redactor.ts) before any reporter sees them, so the console, every report file and the run record
 * tell the same, redacted, truth.
 */
import type { AgentConfig } from '../core/config-types.js';
import type { Redactor } from '../core/redactor.js';
import type { Reporter, RunInfo } from '../core/reporter.js';

export function redactingReporter(inner: Reporter, redactor: Redactor): Reporter {
  if (!redactor.active) return inner;
  const r = <T>(value: T): T => redactor.deep(value);
  return {
    onBegin: (info) => inner.onBegin?.(maskRunInfo(info, redactor)),
    onTestCaseBegin: (name, index) => inner.onTestCaseBegin?.(r(name), index),
    onTurnEnd: (name, turn) => inner.onTurnEnd?.(r(name), r(turn)),
    onTestCaseEnd: (result, index) => inner.onTestCaseEnd?.(r(result), index),
    onRepeatEnd: (result, index, repeat) => inner.onRepeatEnd?.(r(result), index, repeat),
    onTestCaseRestored: (result, index) => inner.onTestCaseRestored?.(r(result), index),
    onEnd: (report, state) => inner.onEnd?.(r(report), state),
  };
}

/**
 * The run's head masked; its configuration's test cases (thousands, which no reporter reads at the start)
 * are masked when first read, not before the first case can start.
 */
function maskRunInfo(info: RunInfo, redactor: Redactor): RunInfo {
  const { config, ...head } = info;
  const masked: Record<string, unknown> = {};
  for (const key of Object.keys(config) as (keyof AgentConfig)[]) {
    if (key !== 'test_cases') {
      masked[key] = redactor.deep(config[key]);
      continue;
    }
    let cases: AgentConfig['test_cases'] | null = null;
    Object.defineProperty(masked, key, {
      enumerable: true,
      get: () => {
        cases ??= redactor.deep(config.test_cases);
        return cases;
      },
    });
  }
  return { ...redactor.deep(head), config: masked as unknown as AgentConfig };
}
