/** Loads one export of a user module ("path/or/package:exportName"): graders, tools, module backends. */

import { rememberExport } from './export-origin.js';
import { loadModule, type ModuleLoadFailure, moduleOf } from './load-module.js';
import { locateModule, missingMessage } from './locate-module.js';
import { parseExportSpec } from './parse-export-spec.js';
import { pickExport } from './pick-export.js';

export type UserExportFailure = 'invalid_spec' | 'no_export' | ModuleLoadFailure;

export type UserExportResult =
  | {
      readonly ok: true;
      readonly value: unknown;
      /** Absolute path of the module file, or the package specifier. */
      readonly module: string;
      readonly export_name: string;
    }
  | {
      readonly ok: false;
      readonly reason: UserExportFailure;
      readonly message: string;
      /** Filled when reason is `no_export`. */
      readonly available_exports: readonly string[];
    };

type Failed = Extract<UserExportResult, { ok: false }>;

function failure(reason: UserExportFailure, message: string, available: readonly string[] = []): Failed {
  return { ok: false, reason, message, available_exports: available };
}

/** `spec` is "path/or/package:exportName" (the last `:` separates the export; `default` is allowed). */
export async function importUserExport(spec: string, baseDir: string): Promise<UserExportResult> {
  const parsed = parseExportSpec(spec);
  if (!parsed) return failure('invalid_spec', `"${spec}" is not of the form "path/or/package:exportName"`);
  return importModuleExport(parsed.specifier, parsed.export_name, baseDir);
}

/** Same as importUserExport with the module and the export given apart (e.g. a tool's `file` and `function`). */
export async function importModuleExport(
  specifier: string,
  exportName: string,
  baseDir: string,
): Promise<UserExportResult> {
  const location = await locateModule(specifier, baseDir);
  if (location.kind === 'missing') return failure('not_found', missingMessage(location));
  const loaded = await loadModule(location);
  if (!loaded.ok) return failure(loaded.reason, loaded.message);
  const module = moduleOf(location);
  const picked = pickExport(loaded.namespace, exportName, loaded.common_js);
  if (picked.found) {
    rememberExport(module, { location, export_name: exportName }, picked.value);
    return { ok: true, value: picked.value, module, export_name: exportName };
  }
  return noExport(module, exportName, picked.available);
}

/** The failure of an export that the module does not have, listing those it has. */
export function noExport(module: string, exportName: string, available: readonly string[]): Failed {
  const listed = available.length > 0 ? `available: ${available.join(', ')}` : 'the module exports nothing';
  return failure('no_export', `${module} has no export "${exportName}" (${listed})`, available);
}
