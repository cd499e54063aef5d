// The exit hook the benchmarks' preloaded reporters share (`node --import` of report-max-rss.mjs or
// report-thread-cpu.mjs): when the environment names a file in `variable`, the process writes what `measure`
// returns there as JSON as it exits, however it exits (end of work, process.exit, an uncaught error).
import { writeFileSync } from 'node:fs';

/** @param {string} variable @param {() => Record<string, unknown>} measure */
export function reportOnExit(variable, measure) {
  const target = process.env[variable];
  if (!target) return;
  process.on('exit', () => {
    writeFileSync(target, JSON.stringify(measure()));
  });
}
