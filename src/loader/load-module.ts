/**
 * Imports a user module once per resolved location. TypeScript files go through tsx (loaded lazily, so the
 * CLI starts fast); JavaScript files use the plain dynamic import.
 */
import { dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clearRunTimer, runTimer } from '../core/clock.js';
import { IMPORT_TIME_LIMIT_MS, importTooSlowMessage } from './import-time-limit.js';
import type { ModuleLocation } from './locate-module.js';
import { isCommonJsFile, runsAsCommonJs } from './module-format.js';
import { emptyTsconfig, nearestTsconfig } from './nearest-tsconfig.js';
import { thrownAt } from './thrown-at.js';
import { keepTsxCacheUsable } from './tsx-cache.js';

export type ModuleLoad =
  | {
      readonly ok: true;
      readonly namespace: Readonly<Record<string, unknown>>;
      /** Whether the module ran as CommonJS (its namespace's `default` is `module.exports`); null when unknown. */
      readonly common_js: boolean | null;
    }
  | { readonly ok: false; readonly reason: ModuleLoadFailure; readonly message: string };

/** `unloadable_path`: a TypeScript file whose path tsx cannot load (it holds a `?`). */
export type ModuleLoadFailure = 'not_found' | 'import_failed' | 'import_stuck' | 'unloadable_path';

/** A module that exists: a file, or a package to resolve from a folder. */
export type FoundLocation = Exclude<ModuleLocation, { kind: 'missing' }>;

const TYPESCRIPT_EXTENSIONS = new Set(['.ts', '.mts', '.cts']);
const cache = new Map<string, Promise<ModuleLoad>>();

/** One key per module: the same file, or the same package resolved from the same folder. */
export function locationKey(location: FoundLocation): string {
  return location.kind === 'file' ? location.path : `${location.base_dir}\0${location.specifier}`;
}

/** The module as a loaded export reports it: the file's absolute path, or the package specifier. */
export function moduleOf(location: FoundLocation): string {
  return location.kind === 'file' ? location.path : location.specifier;
}

/** The module as messages name it: its path, or `package "name"`. */
export function describeLocation(location: FoundLocation): string {
  return location.kind === 'file' ? location.path : `package "${location.specifier}"`;
}

let beforeImport: (() => void) | null = null;

/**
 * `listener` is called once, just before this thread first imports a user module (the command line guards its
 * main thread's event loop from then on: cli/stall-guard.ts).
 */
export function beforeFirstImport(listener: () => void): void {
  beforeImport = listener;
}

export function loadModule(location: FoundLocation): Promise<ModuleLoad> {
  const key = locationKey(location);
  let pending = cache.get(key);
  if (!pending) {
    const listener = beforeImport;
    beforeImport = null;
    listener?.();
    pending = importLocation(location);
    cache.set(key, pending);
  }
  return pending;
}

async function importLocation(location: FoundLocation): Promise<ModuleLoad> {
  try {
    const namespace = await unlessStuck(importNamespace(location));
    return { ok: true, namespace, common_js: location.kind === 'file' ? isCommonJsFile(location.path) : null };
  } catch (error) {
    if (error instanceof SlowImport) {
      return {
        ok: false,
        reason: 'import_stuck',
        message: importTooSlowMessage(describeLocation(location), error.limitMs),
      };
    }
    if (error instanceof StuckImport) {
      const message = `importing ${describeLocation(location)} never finished: its top level awaits something that nothing is left to settle`;
      return { ok: false, reason: 'import_stuck', message };
    }
    if (location.kind === 'package' && isMissingPackage(error, location.specifier)) {
      const message = `file not found: ${location.path} (nor an installed package "${packageName(location.specifier)}")`;
      return { ok: false, reason: 'not_found', message };
    }
    const where = await syntaxErrorFile(error, location);
    const summary = summariseError(error);
    if (location.kind === 'file' && TYPESCRIPT_EXTENSIONS.has(extname(location.path)) && location.path.includes('?')) {
      // tsx reads what follows a `?` in a path as a URL query, whether the path is given as a file URL or not.
      const cause =
        'tsx, which loads TypeScript, cannot load a file whose path holds a "?" (it reads the rest as a URL query)';
      return {
        ok: false,
        reason: 'unloadable_path',
        message: `importing ${location.path} threw: ${summary}: ${cause}`,
      };
    }
    return {
      ok: false,
      reason: 'import_failed',
      message: `importing ${describeLocation(location)} threw: ${summary}${place(where ?? thrownAt(error))}`,
    };
  }
}

const place = (where: string | null) => (where === null ? '' : ` (at ${where})`);

async function importNamespace(location: FoundLocation): Promise<Record<string, unknown>> {
  if (location.kind === 'file' && !TYPESCRIPT_EXTENSIONS.has(extname(location.path))) {
    return (await import(pathToFileURL(location.path).href)) as Record<string, unknown>;
  }
  keepTsxCacheUsable();
  // The module's own tsconfig.json (its `paths` aliases), not the one of the folder holodeck runs from.
  const tsconfig = nearestTsconfig(location.kind === 'file' ? dirname(location.path) : location.base_dir);
  if (location.kind === 'file' && runsAsCommonJs(location.path)) return requireCommonJs(location.path, tsconfig);
  const { tsImport } = await import('tsx/esm/api');
  if (location.kind === 'file') {
    const parentURL = import.meta.url;
    const href = pathToFileURL(location.path).href;
    return (await tsImport(href, { parentURL, tsconfig: tsconfig ?? false })) as Record<string, unknown>;
  }
  const parentURL = pathToFileURL(join(location.base_dir, 'agent.yaml')).href;
  return (await tsImport(location.specifier, { parentURL, tsconfig: tsconfig ?? false })) as Record<string, unknown>;
}

/**
 * A TypeScript file Node runs as CommonJS goes through tsx's `require`: its `tsImport` runs such a file with
 * `__dirname` set to `data:text`, so a tool reading a file beside itself would read the wrong place. The
 * namespace is the one `import` gives a CommonJS module: its exports, and `module.exports` as `default`.
 */
async function requireCommonJs(file: string, tsconfig: string | null): Promise<Record<string, unknown>> {
  const { require: tsxRequire } = await import('tsx/cjs/api');
  const exports: unknown = withTsconfig(tsconfig ?? emptyTsconfig(), () => tsxRequire(file, import.meta.url));
  const named = typeof exports === 'object' && exports !== null ? { ...(exports as Record<string, unknown>) } : {};
  return { ...named, default: exports };
}

/**
 * tsx's `require` reads the tsconfig.json named by TSX_TSCONFIG_PATH when it starts, else the one of the working
 * directory: it is named for the call (the require runs synchronously), an empty one when the module has none.
 */
function withTsconfig<T>(path: string | null, run: () => T): T {
  if (path === null) return run();
  const before = process.env['TSX_TSCONFIG_PATH'];
  process.env['TSX_TSCONFIG_PATH'] = path;
  try {
    return run();
  } finally {
    if (before === undefined) delete process.env['TSX_TSCONFIG_PATH'];
    else process.env['TSX_TSCONFIG_PATH'] = before;
  }
}

/**
 * A module whose top level awaits a promise nothing will ever settle never finishes importing; once nothing
 * else is pending, Node would end the process (exit code 13, no message). Imports still running when the
 * event loop empties are failed instead (`beforeExit`), so the caller reports the module and the run goes on
 * to its configuration error. While something else keeps the loop going (a grader's thread, a timer of the
 * module's own), an import still running after IMPORT_TIME_LIMIT_MS fails the same way: the timer that says so
 * is unreferenced, so it keeps nothing alive itself.
 */
class StuckImport extends Error {}

class SlowImport extends Error {
  constructor(readonly limitMs: number) {
    super('import too slow');
  }
}

const stuckWaiters = new Set<(error: StuckImport) => void>();
let watchingExit = false;

function unlessStuck<T>(importing: Promise<T>): Promise<T> {
  if (!watchingExit) {
    watchingExit = true;
    process.on('beforeExit', () => {
      const waiters = [...stuckWaiters];
      stuckWaiters.clear();
      for (const fail of waiters) fail(new StuckImport());
    });
  }
  return new Promise<T>((resolve, reject) => {
    stuckWaiters.add(reject);
    const timer = runTimer(() => {
      stuckWaiters.delete(reject);
      reject(new SlowImport(IMPORT_TIME_LIMIT_MS));
    }, IMPORT_TIME_LIMIT_MS);
    timer.unref();
    const settle = () => {
      stuckWaiters.delete(reject);
      clearRunTimer(timer);
    };
    importing.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function isMissingPackage(error: unknown, specifier: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return code === 'ERR_MODULE_NOT_FOUND' && error.message.includes(`'${packageName(specifier)}'`);
}

/** The first lines of an error, prefixed with its class when that says something (`SyntaxError: …`). */
export function summariseError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const all = error.message.split('\n').map((line) => line.trim());
  // CommonJS appends the chain of requiring files: not what the user needs to fix the import.
  const stack = all.findIndex((line) => line.startsWith('Require stack:'));
  const lines = (stack < 0 ? all : all.slice(0, stack)).filter((line) => line !== '');
  const text = lines.slice(0, 2).join(' ');
  const clipped = text.length > 300 ? `${text.slice(0, 297)}...` : text;
  const where = syntaxErrorPlace(error);
  const located = where === null ? clipped : `${clipped} (at ${where})`;
  return error.name && error.name !== 'Error' ? `${error.name}: ${located}` : located;
}

/**
 * Where a syntax error in a JavaScript ES module or the files it imports is: Node's message names no file
 * (a CommonJS one does, and summariseError says it).
 */
async function syntaxErrorFile(error: unknown, location: FoundLocation): Promise<string | null> {
  if (!(error instanceof SyntaxError) || syntaxErrorPlace(error) !== null || location.kind !== 'file') return null;
  if (TYPESCRIPT_EXTENSIONS.has(extname(location.path))) return null; // tsx's message says where
  const { locateSyntaxError } = await import('./locate-syntax-error.js');
  return locateSyntaxError(location.path);
}

/**
 * Where a syntax error is, when Node put it first in the stack (`/project/helper.cjs:3`, as CommonJS does): the
 * file may be one the imported module required, not the module itself.
 */
function syntaxErrorPlace(error: Error): string | null {
  if (!(error instanceof SyntaxError)) return null;
  const first = (error.stack ?? '').split('\n', 1)[0] ?? '';
  return /^(?:file:\/\/)?\/\S*:\d+$/.test(first) || /^[A-Za-z]:\\\S*:\d+$/.test(first) ? first : null;
}

/**
 * The package an import failure says is missing (`Cannot find module 'holodeck'`, `Cannot find package 'x'
 * imported from …`), or null when it names none or names a file (a relative or absolute path).
 */
export function missingPackageIn(message: string): string | null {
  const named = /Cannot find (?:module|package) '([^']+)'/.exec(message)?.[1];
  if (named === undefined || /^(?:[./]|[A-Za-z]:[\\/]|file:|node:)/.test(named)) return null;
  return packageName(named);
}
