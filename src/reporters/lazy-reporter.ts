/**
 * A reporter whose code loads when the run first calls it, so a run loads only the report formats it was
 * asked for. Every hook waits for the same load, so the reporter sees the hooks in the order they came.
 */
import type { Reporter } from '../core/reporter.js';

type Hook = keyof Reporter;

export function lazyReporter(load: () => Promise<Reporter>): Reporter {
  let loaded: Promise<Reporter> | null = null;
  const call =
    <K extends Hook>(hook: K) =>
    async (...args: Parameters<NonNullable<Reporter[K]>>): Promise<void> => {
      loaded ??= load();
      const reporter = await loaded;
      const method = reporter[hook] as ((...a: typeof args) => unknown) | undefined;
      await method?.apply(reporter, args);
    };
  return {
    onBegin: call('onBegin'),
    onTestCaseBegin: call('onTestCaseBegin'),
    onTurnEnd: call('onTurnEnd'),
    onTestCaseEnd: call('onTestCaseEnd'),
    onRepeatEnd: call('onRepeatEnd'),
    onTestCaseRestored: call('onTestCaseRestored'),
    onEnd: call('onEnd'),
  };
}
