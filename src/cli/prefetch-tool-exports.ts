/**
 * Starts reading the function tools of a configuration in their threads as soon as the command starts, before
 * the configuration is loaded and checked: a TypeScript tool's thread loads tsx and the module meanwhile,
 * instead of after. Only a quick look at the YAML's `tools:` list; anything it cannot read plainly (no such
 * file, invalid YAML, `${VAR}` in a path) is left to the configuration's load, which reports it. The answers
 * are kept by the describer, and the load asks for the same exports.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { CONFIG_FILE_NAMES } from '../config/resolve-config-file.js';
import { isRecord } from '../core/is-record.js';
import type { ToolExportReader } from '../tools/describe-tool-export.js';

/** Larger configurations are not looked at ahead (the load reads them, within its own limit). */
const LOOK_AHEAD_BYTES = 1024 * 1024;

/**
 * Asks for every function tool the file lists, their threads started, before returning (synchronously, so
 * that the threads start before the command's code is loaded, not between its modules).
 */
export function prefetchToolExports(configPath: string, reader: ToolExportReader): void {
  try {
    const path = configFileOf(configPath);
    if (path === null) return;
    const stats = statSync(path);
    // Not a FIFO or a device: reading one could block this thread for good (the load refuses them).
    if (!stats.isFile() || stats.size > LOOK_AHEAD_BYTES) return;
    const text = readFileSync(path, 'utf8');
    // No function tool can be listed without the word: most configurations are not parsed twice.
    if (!/\bfunction\b/.test(text)) return;
    const doc = parseDocument(text, { merge: true, logLevel: 'silent' });
    if (doc.errors.length > 0) return;
    const root: unknown = doc.toJS({ maxAliasCount: 100 });
    const tools = isRecord(root) && Array.isArray(root['tools']) ? root['tools'] : [];
    const baseDir = dirname(path);
    for (const tool of tools) {
      if (!isRecord(tool) || tool['type'] !== 'function') continue;
      const { file: module, function: exportName, name } = tool;
      const exported = exportName ?? name;
      if (typeof module !== 'string' || module.includes('${') || typeof exported !== 'string') continue;
      reader.startNow(module, exported, baseDir);
    }
  } catch {
    // The configuration's load reads the file again and reports what is wrong with it.
  }
}

/** The file the configuration's load reads (resolve-config-file.ts: a file, or agent.yaml / agent.yml in a folder). */
function configFileOf(configPath: string): string | null {
  const absolute = resolve(configPath);
  if (!statSync(absolute).isDirectory()) return absolute;
  for (const name of CONFIG_FILE_NAMES) {
    const candidate = join(absolute, name);
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile() === true) return candidate;
  }
  return null;
}
