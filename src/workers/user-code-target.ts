/** What a worker must load to run a grader or a function tool: the module and export the loader resolved. */
import { isAbsolute } from 'node:path';
import { exportOrigin, moduleLocation } from '../loader/export-origin.js';
import type { CallTarget } from './worker-protocol.js';

/** The grader function's module and export; null when it was not loaded from a module (so no worker can run it). */
export function graderTarget(grader: unknown): CallTarget | null {
  const origin = exportOrigin(grader);
  return origin === null ? null : { location: origin.location, export_name: origin.export_name, invoke: 'grader' };
}

/** A function tool's module (`file`: the loaded module's path or package) and export. */
export function toolTarget(module: string, exportName: string): CallTarget | null {
  const location = moduleLocation(module) ?? (isAbsolute(module) ? { kind: 'file' as const, path: module } : null);
  return location === null ? null : { location, export_name: exportName, invoke: 'tool' };
}
