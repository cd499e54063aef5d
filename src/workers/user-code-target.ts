/** What a worker must load to run a grader or a function tool: the module and export the loader resolved. */
import { isAbsolute, resolve } from 'node:path';
import { exportOrigin, moduleLocation } from '../loader/export-origin.js';
import type { FoundLocation } from '../loader/load-module.js';
import type { CallTarget } from './worker-protocol.js';

/** The grader function's module and export; null when it was not loaded from a module (so no worker can run it). */
export function graderTarget(grader: unknown): CallTarget | null {
  const origin = exportOrigin(grader);
  return origin === null ? null : { location: origin.location, export_name: origin.export_name, invoke: 'grader' };
}

/**
 * A function tool's module (`file`: the module's absolute path, or a package specifier resolved from
 * `baseDir`, the configuration's folder) and export.
 */
export function toolTarget(module: string, exportName: string, baseDir: string | null = null): CallTarget | null {
  const location = moduleLocation(module) ?? locationOf(module, baseDir);
  return location === null ? null : { location, export_name: exportName, invoke: 'tool' };
}

function locationOf(module: string, baseDir: string | null): FoundLocation | null {
  if (isAbsolute(module)) return { kind: 'file', path: module };
  return baseDir === null
    ? null
    : { kind: 'package', specifier: module, base_dir: baseDir, path: resolve(baseDir, module) };
}
