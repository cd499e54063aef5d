/**
 * Starts reading the function tools and code graders of a configuration in their threads as soon as the command
 * starts, before the configuration is loaded and checked: a TypeScript tool's or grader's thread loads tsx and
 * the module meanwhile, instead of after. Only a quick look at the YAML's `tools:` and the code metrics of its
 * `evaluations:` (the agent's, and those of test cases and turns written in the file); anything it cannot read
 * plainly (no such file, invalid YAML, `${VAR}` in a path) is left to the configuration's load, which reports
 * it. The answers are kept by the readers, and the load asks for the same exports.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { CONFIG_FILE_NAMES } from '../config/resolve-config-file.js';
import { isRecord } from '../core/is-record.js';
import { parseExportSpec } from '../loader/parse-export-spec.js';
import type { ExportReader } from '../workers/export-reader.js';

/** Larger configurations are not looked at ahead (the load reads them, within its own limit). */
const LOOK_AHEAD_BYTES = 1024 * 1024;

export interface UserCodeReaders {
  readonly tools: ExportReader;
  readonly graders: ExportReader;
}

/**
 * Asks for every function tool and code grader the file lists, their threads started, before returning
 * (synchronously, so that the threads start before the command's code is loaded, not between its modules).
 */
export function prefetchUserCode(configPath: string, readers: UserCodeReaders): void {
  try {
    const path = configFileOf(configPath);
    if (path === null) return;
    const stats = statSync(path);
    // Not a FIFO or a device: reading one could block this thread for good (the load refuses them).
    if (!stats.isFile() || stats.size > LOOK_AHEAD_BYTES) return;
    const text = readFileSync(path, 'utf8');
    // No function tool or grader can be listed without the word: most configurations are not parsed twice.
    if (!/\b(function|grader)\b/.test(text)) return;
    const doc = parseDocument(text, { merge: true, logLevel: 'silent' });
    if (doc.errors.length > 0) return;
    const root: unknown = doc.toJS({ maxAliasCount: 100 });
    if (!isRecord(root)) return;
    const baseDir = dirname(path);
    for (const tool of listAt(root, 'tools')) {
      if (!isRecord(tool) || tool['type'] !== 'function') continue;
      const { file: module, function: exportName, name } = tool;
      const exported = exportName ?? name;
      if (typeof module !== 'string' || module.includes('${') || typeof exported !== 'string') continue;
      readers.tools.startNow(module, exported, baseDir);
    }
    for (const grader of gradersOf(root)) {
      const spec = parseExportSpec(grader);
      if (spec !== null && !grader.includes('${')) readers.graders.startNow(spec.specifier, spec.export_name, baseDir);
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

function listAt(record: Readonly<Record<string, unknown>>, key: string): readonly unknown[] {
  const value = record[key];
  return Array.isArray(value) ? value : [];
}

/** The `grader` of every code metric in the file: the agent's, each test case's and each turn's. */
function gradersOf(root: Readonly<Record<string, unknown>>): string[] {
  const metricLists: unknown[] = [];
  const evaluations = root['evaluations'];
  if (isRecord(evaluations)) metricLists.push(evaluations['metrics']);
  for (const testCase of listAt(root, 'test_cases')) {
    if (!isRecord(testCase)) continue;
    metricLists.push(testCase['evaluations']);
    for (const turn of listAt(testCase, 'turns')) if (isRecord(turn)) metricLists.push(turn['evaluations']);
  }
  const graders: string[] = [];
  for (const list of metricLists) {
    if (!Array.isArray(list)) continue;
    for (const metric of list) {
      if (isRecord(metric) && metric['type'] === 'code' && typeof metric['grader'] === 'string') {
        graders.push(metric['grader']);
      }
    }
  }
  return [...new Set(graders)];
}
