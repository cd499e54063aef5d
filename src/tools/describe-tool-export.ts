/**
 * The configuration's view of a function tool, read in the thread its calls will run in (workers/export-reader.ts):
 * the module is imported there, not in the main thread, and the worker keeps it for the calls.
 */
import { EXPORT_LOAD_LIMIT_MS, type ExportReader, exportReader } from '../workers/export-reader.js';
import type { ToolWorkers } from './tool-workers.js';

/** How long a tool's module may take to load in its worker before the configuration gives up on it. */
export const TOOL_LOAD_LIMIT_MS = EXPORT_LOAD_LIMIT_MS;

export type ToolExportReader = ExportReader;

export function toolExportReader(workers: ToolWorkers, limit_ms = TOOL_LOAD_LIMIT_MS): ToolExportReader {
  return exportReader((location) => workers.hostFor(location, { warm: false }), limit_ms);
}
