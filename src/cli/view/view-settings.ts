/**
 * What `holodeck test view` reads of the config: its folder, the agent's name and `execution.results_dir`, read
 * as `holodeck test` reads them (`${VAR}` filled from the environment). A config that is there but cannot be read
 * (not YAML, not UTF-8, a results_dir naming an unset variable) gives its issues, located as every command
 * locates them: showing another folder's runs instead would lose the configured one in silence.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { formatConfigIssue } from '../../config/format-config-issue.js';
import { ISSUE } from '../../config/issue-codes.js';
import { locateIssues } from '../../config/locate-issues.js';
import type { PendingIssue } from '../../config/pending-issue.js';
import { readSource } from '../../config/read-source.js';
import type { SourceDocument } from '../../config/source-document.js';
import { type Env, substituteEnv } from '../../config/substitute-env.js';
import type { ConfigIssue } from '../../core/errors.js';
import { isRecord } from '../../core/is-record.js';

export interface ViewSettings {
  readonly folder: string;
  /** The config file read (agent.yaml of a folder named). */
  readonly file: string;
  readonly name?: string;
  readonly results_dir?: string;
  /** The config's data as parsed (before `${VAR}` substitution); null when it was not read. */
  readonly data: unknown;
  /** Set when there is no config file: its `execution.results_dir` and name are not known then. */
  readonly missing?: string;
  /** Why the config file there could not be read, located. */
  readonly issues: readonly ConfigIssue[];
}

export async function readViewSettings(configArg: string, env: Env): Promise<ViewSettings> {
  const path = resolve(configArg);
  const isFolder = existsSync(path) && statSync(path).isDirectory();
  const folder = isFolder ? path : dirname(path);
  const file = isFolder ? join(path, 'agent.yaml') : path;
  const read = await readSource(file);
  if (!read.ok) {
    if ('missing' in read && read.error === 'not found')
      return { folder, file, data: null, missing: `there is no ${file}`, issues: [] };
    const pending: readonly PendingIssue[] = 'issues' in read ? read.issues : [notReadable(file, read.error)];
    return {
      folder,
      file,
      data: null,
      issues: locateIssues(pending, { main: null, testCases: null, testCaseItems: undefined }),
    };
  }
  const data = read.document.data;
  const config = isRecord(data) ? data : {};
  const execution = isRecord(config['execution']) ? config['execution'] : {};
  const name = plain(config['name'], env, ['name']);
  const resultsDir = plain(execution['results_dir'], env, ['execution', 'results_dir']);
  return {
    folder,
    file,
    data,
    ...(name.value === undefined ? {} : { name: name.value }),
    ...(resultsDir.value === undefined ? {} : { results_dir: resultsDir.value }),
    // The name only narrows an export to this agent's runs; where they are is what must not be guessed.
    issues: located(resultsDir.issues, read.document),
  };
}

/** A string setting with its `${VAR}` filled as `holodeck test` fills them; empty or not a string: none. */
function plain(value: unknown, env: Env, path: readonly string[]): { value?: string; issues: readonly PendingIssue[] } {
  if (typeof value !== 'string') return { issues: [] };
  const filled = substituteEnv(value, env, path);
  if (filled.issues.length > 0) return { issues: filled.issues };
  const text = filled.value;
  return typeof text === 'string' && text.trim() !== '' ? { value: text, issues: [] } : { issues: [] };
}

function located(issues: readonly PendingIssue[], document: SourceDocument): readonly ConfigIssue[] {
  return issues.length === 0 ? [] : locateIssues(issues, { main: document, testCases: null, testCaseItems: undefined });
}

function notReadable(file: string, reason: string): PendingIssue {
  return {
    code: ISSUE.configNotFound,
    path: [],
    target: 'none',
    message: `cannot read ${file}: ${reason}`,
    hint: null,
  };
}

/**
 * Where `holodeck test` puts this config's run records, as it reads them: `execution.results_dir` of agent.yaml
 * (from the config's folder), else HOLODECK_RESULTS_DIR (from the current one), else results/ beside the config.
 */
export function resultsDirOf(settings: ViewSettings, env: Env): string {
  if (settings.results_dir !== undefined) return resolve(settings.folder, settings.results_dir);
  const fromEnv = env['HOLODECK_RESULTS_DIR']?.trim();
  return fromEnv ? resolve(fromEnv) : join(settings.folder, 'results');
}

/** The issues on stderr, located, as every command prints configuration errors. */
export function printIssues(issues: readonly ConfigIssue[]): void {
  const count = issues.length;
  process.stderr.write(`${count} configuration error${count === 1 ? '' : 's'}:\n\n`);
  for (const issue of issues) process.stderr.write(`${formatConfigIssue(issue, process.cwd())}\n\n`);
}
