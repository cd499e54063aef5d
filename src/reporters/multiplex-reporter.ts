/**
 * Fans every hook out to several reporters. A reporter that throws (or rejects) is reported through
 * `onError` and never stops the others or the run; hooks of different reporters run concurrently, and
 * the returned promise settles when all of them have. Reporters whose hook returns no promise are called
 * without one: a run calls three hooks per case, and a promise per reporter and hook showed in its profile.
 */
import type { Reporter } from '../core/reporter.js';

export type ReporterErrorHandler = (error: unknown, hook: keyof Reporter) => void;

type Hook = keyof Reporter;

export function multiplexReporter(reporters: readonly Reporter[], onError: ReporterErrorHandler): Reporter {
  const fanOut = (hook: Hook, args: unknown[]): Promise<void> | undefined => {
    let pending: Promise<void>[] | null = null;
    for (const reporter of reporters) {
      const method = reporter[hook] as ((...a: unknown[]) => unknown) | undefined;
      if (method === undefined) continue;
      try {
        const out = method.apply(reporter, args);
        if (isThenable(out)) {
          pending ??= [];
          pending.push(Promise.resolve(out).then(nothing, (error: unknown) => report(onError, error, hook)));
        }
      } catch (error) {
        report(onError, error, hook);
      }
    }
    if (pending === null) return undefined;
    return pending.length === 1 ? pending[0] : Promise.all(pending).then(nothing);
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

function nothing(): void {}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function report(onError: ReporterErrorHandler, error: unknown, hook: Hook): void {
  try {
    onError(error, hook);
  } catch {
    // An error handler that fails has nowhere left to report to; the run must go on regardless.
  }
}
