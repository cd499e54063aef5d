/**
 * What a model matrix adds to each model's reporters (the comparison id and the model come with the run's
 * metadata: compose-reporters.ts): the finished cases the side-by-side table needs, and a console that holds its
 * text until the table prints the models one after the other.
 */
import type { MatrixCaseResult } from '../../core/model-matrix.js';
import type { Reporter } from '../../core/reporter.js';
import type { ConsoleStream } from '../../reporters/console-reporter.js';

export function matrixReporter(inner: Reporter, cases: MatrixCaseResult[]): Reporter {
  return {
    ...inner,
    onTestCaseEnd: (result, index) => {
      cases.push({
        index,
        test_name: result.test_name,
        status: result.status,
        execution_time_ms: result.execution_time_ms,
        ...(result.repeat_stats === undefined
          ? {}
          : { repeats: { passed: result.repeat_stats.passed, runs: result.repeat_stats.runs } }),
      });
      return inner.onTestCaseEnd?.(result, index);
    },
  };
}

/** A console stream that keeps what is written (no live progress line: it is not a terminal). */
export interface HeldConsole extends ConsoleStream {
  text(): string;
}

export function heldConsole(): HeldConsole {
  const chunks: string[] = [];
  return {
    isTTY: false,
    write(text: string) {
      chunks.push(text);
      return true;
    },
    text: () => chunks.join(''),
  };
}
