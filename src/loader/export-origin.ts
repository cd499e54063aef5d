/**
 * Where the user exports handed out by the loader came from, so the code that runs them in a worker thread can
 * load the same module there: by the export's value (a grader function) or by the module as reported (`module`
 * of a loaded export: a file path or a package specifier).
 */
import type { FoundLocation } from './load-module.js';

export interface ExportOrigin {
  readonly location: FoundLocation;
  readonly export_name: string;
}

const byValue = new WeakMap<object, ExportOrigin>();
const byModule = new Map<string, FoundLocation>();

export function rememberExport(module: string, origin: ExportOrigin, value: unknown): void {
  byModule.set(module, origin.location);
  if ((typeof value === 'function' || typeof value === 'object') && value !== null && !byValue.has(value)) {
    byValue.set(value, origin);
  }
}

/** The module and export a function or object was loaded from; null when it did not come through the loader. */
export function exportOrigin(value: unknown): ExportOrigin | null {
  if ((typeof value !== 'function' && typeof value !== 'object') || value === null) return null;
  return byValue.get(value) ?? null;
}

/** The location of a module the loader imported, by the `module` it reported (an absolute path or a package). */
export function moduleLocation(module: string): FoundLocation | null {
  return byModule.get(module) ?? null;
}
