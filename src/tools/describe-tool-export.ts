/**
 * The configuration's view of a function tool, read in the thread its calls will run in: the module is
 * imported there, not in the main thread (no tsx here for a TypeScript tool, and the worker keeps the module
 * for the calls), and a module that blocks while it loads — a synchronous endless loop, a top-level await that
 * never ends — is stopped after a time limit and reported as the tool's configuration error.
 */
import { describeLocation, type FoundLocation } from '../loader/load-module.js';
import { locateModule, locateModuleNow, type ModuleLocation } from '../loader/locate-module.js';
import type { DescribeToolExport, ToolExportDescription } from '../loader/tool-export-shape.js';
import type { ToolWorkers } from './tool-workers.js';

/** How long a tool's module may take to load in its worker before the configuration gives up on it. */
export const TOOL_LOAD_LIMIT_MS = 30_000;

export interface ToolExportReader {
  /** The export's description; each export is asked for once, later calls get the same answer. */
  readonly describe: DescribeToolExport;
  /**
   * Asks for an export now, ahead of the configuration's load, its module located synchronously: its thread
   * is started (if it was not) and asked before this returns; `describe` then gets that answer.
   */
  startNow(specifier: string, exportName: string, baseDir: string): void;
}

export function toolExportReader(workers: ToolWorkers, limit_ms = TOOL_LOAD_LIMIT_MS): ToolExportReader {
  const asked = new Map<string, Promise<ToolExportDescription | null>>();
  const answer = (location: ModuleLocation, specifier: string, exportName: string) => {
    if (location.kind === 'missing') return failed('not_found', `file not found: ${location.path}`);
    return askThread(workers, location, exportName, limit_ms).catch((error: unknown) =>
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
  workers: ToolWorkers,
  location: FoundLocation,
  exportName: string,
  limit_ms: number,
): Promise<ToolExportDescription | null> {
  const where = describeLocation(location);
  const outcome = workers.hostFor(location, { warm: false }).call({
    target: { location, export_name: exportName, invoke: 'describe_tool' },
    input: null,
    label: `loading ${where}`,
    signal: AbortSignal.timeout(limit_ms),
  });
  return outcome.then((settled) => {
    switch (settled.kind) {
      case 'returned':
        return settled.value as ToolExportDescription;
      case 'unsendable':
        return null;
      case 'aborted':
      case 'timed_out':
        return failed(
          'import_stuck',
          `importing ${where} did not finish within ${limit_ms / 1000} s: its top level blocks (an endless loop?) or waits for something that does not come`,
        );
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
