/**
 * Starts worker threads. From the command line's bundle a worker runs its bundled script (dist/cli/<name>.bundle.mjs,
 * sharing the bundle's chunks); from the unbundled build (the library) dist/<path>/<name>.js; from the sources
 * (tests, `tsx`) the TypeScript entry through tsx, as the main thread does.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { forwardByLines } from './forward-by-lines.js';

const here = import.meta.url;
/** Defined (true) by the command line's bundle, scripts/bundle-cli.mjs, which bundles the worker scripts too. */
declare const HOLODECK_BUNDLED_WORKERS: boolean | undefined;
const bundledWorkers = typeof HOLODECK_BUNDLED_WORKERS !== 'undefined' && HOLODECK_BUNDLED_WORKERS;
/** The young generation of a user-code worker thread, in MiB. */
export const USER_CODE_YOUNG_GENERATION_MB = 4;

export function spawnUserCodeWorker(): Worker {
  return spawnWorkerScript(here, 'user-code-worker', {
    name: 'holodeck user code',
    // User code (a tool, a grader) answers one call at a time and keeps little: a small nursery, as case
    // workers have, since each thread's young generation counts in the process's resident size.
    resourceLimits: { maxYoungGenerationSizeMb: USER_CODE_YOUNG_GENERATION_MB },
  });
}

/**
 * Starts the worker script `<name>`: bundled with the command line, the bundle's; else `<name>.js` (built) or
 * `<name>.ts` (sources, through tsx) beside the module whose `import.meta.url` is `base`.
 */
export function spawnWorkerScript(base: string, name: string, options: WorkerOptions): Worker {
  // What the thread writes reaches the process's stdout and stderr by whole lines (forward-by-lines.ts).
  const worker = startWorkerScript(base, name, { ...options, stdout: true, stderr: true });
  forwardByLines(worker.stdout, process.stdout);
  forwardByLines(worker.stderr, process.stderr);
  return worker;
}

function startWorkerScript(base: string, name: string, options: WorkerOptions): Worker {
  // In the bundle `here` is this file's place in the unbundled build (dist/workers/), beside dist/cli/.
  if (bundledWorkers) return new Worker(new URL(`../cli/${name}.bundle.mjs`, here), options);
  if (!/\.[mc]?ts$/.test(new URL(base).pathname)) return new Worker(new URL(`./${name}.js`, base), options);
  const entry = new URL(`./${name}.ts`, base).href;
  const bootstrap = `import(${JSON.stringify(tsxApiUrl())}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(base)}));`;
  // Under the tsx CLI the worker would inherit its loader flags, which clash with tsImport: leave them out.
  const execArgv = withoutTsxFlags(process.execArgv);
  return new Worker(bootstrap, { ...options, eval: true, execArgv });
}

/** The ESM build of `tsx/esm/api` (the eval'd bootstrap cannot resolve packages from here by name). */
function tsxApiUrl(): string {
  const require = createRequire(here);
  const manifest = require('tsx/package.json') as { exports: Record<string, { import: { default: string } }> };
  const api = manifest.exports['./esm/api']?.import.default ?? './dist/esm/api/index.mjs';
  return new URL(api, pathToFileURL(require.resolve('tsx/package.json'))).href;
}

function withoutTsxFlags(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const value = args[i + 1] ?? '';
    if ((arg === '--require' || arg === '--import' || arg === '--loader') && value.includes('tsx')) i += 1;
    else if (!/^--(require|import|loader)=.*tsx/.test(arg)) out.push(arg);
  }
  return out;
}
