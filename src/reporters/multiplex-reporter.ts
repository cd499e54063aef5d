/**
 * Fans every hook out to several reporters. A reporter that throws (or rejects) is reported through
 * `onError` and never stops the others or the run; hooks of different reporters run concurrently, and
 * the returned promise settles when all of them have.
 */
import type { Reporter } from '../core/reporter.js';

export type ReporterErrorHandler = (error: unknown, hook: keyof Reporter) => void;

export function multiplexReporter(reporters: readonly Reporter[], onError: ReporterErrorHandler): Reporter {
  const fanOut = async <K extends keyof Reporter>(hook: K, args: Parameters<NonNullable<Reporter[K]>>) => {
    await Promise.all(
      reporters.map(async (reporter) => {
        try {
          const method = reporter[hook] as ((...a: typeof args) => unknown) | undefined;
          await method?.apply(reporter, args);
        } catch (error) {
          report(onError, error, hook);
        }
      }),
    );
  };
  return {
    onBegin: (...args) => fanOut('onBegin', args),
    onTestCaseBegin: (...args) => fanOut('onTestCaseBegin', args),
    onTurnEnd: (...args) => fanOut('onTurnEnd', args),
    onTestCaseEnd: (...args) => fanOut('onTestCaseEnd', args),
    onRepeatEnd: (...args) => fanOut('onRepeatEnd', args),
    onTestCaseRestored: (...args) => fanOut('onTestCaseRestored', args),
    onEnd: (...args) => fanOut('onEnd', args),
  };
}

function report(onError: ReporterErrorHandler, error: unknown, hook: keyof Reporter): void {
  try {
    onError(error, hook);
  } catch {
    // An error handler that fails has nowhere left to report to; the run must go on regardless.
  }
}
