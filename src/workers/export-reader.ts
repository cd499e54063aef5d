/**
 * What a user module's export is, read in a worker thread: the module is imported there, not in the asking
 * thread (no tsx here for a TypeScript module, and the worker keeps the module for the calls), and a module
 * that blocks while it loads — a synchronous endless loop, a top-level await that never ends — is stopped after
 * a time limit and reported as the export's configuration error. Function tools ask their module's thread
 * (tools/describe-tool-export.ts), code graders their pool.
 */
import { IMPORT_TIME_LIMIT_MS, importTooSlowMessage } from '../loader/import-time-limit.js';
import { describeLocation, type FoundLocation } from '../loader/load-module.js';
import { locateModule, locateModuleNow, type ModuleLocation, missingMessage } from '../loader/locate-module.js';
import type { DescribeToolExport, ToolExportDescription } from '../loader/tool-export-shape.js';
import type { CallRunner } from './user-code-channel.js';

/** How long a user module may take to load in its worker before the configuration gives up on it. */
export const EXPORT_LOAD_LIMIT_MS = IMPORT_TIME_LIMIT_MS;

export interface ExportReader {
  /** The export's description; each export is asked for once, later calls get the same answer. */
  readonly describe: DescribeToolExport;
  /**
   * Asks for an export now, ahead of the configuration's load, its module located synchronously: its thread
   * is started (if it was not) and asked before this returns; `describe` then gets that answer.
   */
  startNow(specifier: string, exportName: string, baseDir: string): void;
}

export function exportReader(
  runnerFor: (location: FoundLocation) => CallRunner,
  limit_ms = EXPORT_LOAD_LIMIT_MS,
): ExportReader {
  const asked = new Map<string, Promise<ToolExportDescription | null>>();
  const answer = (location: ModuleLocation, specifier: string, exportName: string) => {
    if (location.kind === 'missing') return failed('not_found', missingMessage(location));
    return askThread(runnerFor(location), location, exportName, limit_ms).catch((error: unknown) =>
      failed('import_failed', `cannot load ${specifier}: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  const ask = (
    specifier: string,
    exportName: string,
    baseDir: string,
    located: () => Promise<ToolExportDescription | null>,
  ) => {
    const key = JSON.stringify([specifier, exportName, baseDir]);
    let pending = asked.get(key);
    if (pending === undefined) {
      pending = located();
      asked.set(key, pending);
    }
    return pending;
  };
  return {
    describe: (specifier, exportName, baseDir) =>
      ask(specifier, exportName, baseDir, async () =>
        answer(await locateModule(specifier, baseDir), specifier, exportName),
      ),
    startNow(specifier, exportName, baseDir) {
      void ask(specifier, exportName, baseDir, () =>
        Promise.resolve(answer(locateModuleNow(specifier, baseDir), specifier, exportName)),
      );
    },
  };
}

/** Asks the module's thread at once (the call is sent before this returns) and reads its answer. */
function askThread(
  runner: CallRunner,
  location: FoundLocation,
  exportName: string,
  limit_ms: number,
): Promise<ToolExportDescription | null> {
  const where = describeLocation(location);
  const outcome = runner.call({
    target: { location, export_name: exportName, invoke: 'describe_tool' },
    input: null,
    label: `loading ${where}`,
    signal: AbortSignal.timeout(limit_ms),
  });
  return outcome.then((settled) => {
    switch (settled.kind) {
      case 'returned': {
        const described = settled.value as ToolExportDescription;
        return described.ok ? { ...described, location } : described;
      }
      case 'unsendable':
        return null;
      case 'aborted':
      case 'timed_out':
        return failed('import_stuck', importTooSlowMessage(where, limit_ms));
      case 'worker_ended':
        return failed('import_failed', `importing ${where} ${settled.message}`);
      case 'threw':
      case 'load_failed':
        return failed('import_failed', `importing ${where} threw: ${settled.message}`);
    }
  });
}

function failed(reason: 'not_found' | 'import_failed' | 'import_stuck', message: string): ToolExportDescription {
  return { ok: false, reason, message, available_exports: [] };
}
