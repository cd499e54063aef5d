/**
 * The run files under a results folder: `<agent-slug>/<timestamp>.json` and in-progress `.partial.jsonl` logs;
 * and the files that look like runs elsewhere in it, which are not read (unread-files.ts).
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type FileVersion, fileVersion } from './file-version.js';
import { classifyRunFile, isRunIdSegment, parseRunId, type RunId } from './run-id.js';
import { REASONS, UnreadCollector, type UnreadFiles } from './unread-files.js';

export interface RunFile extends FileVersion {
  readonly runId: RunId;
  readonly path: string;
  /** True for an in-progress log without a finished record beside it. */
  readonly partial: boolean;
}

async function entries(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

/** Regular files only: symbolic links are not followed, so nothing outside the folder is ever read. */
async function statFile(path: string): Promise<FileVersion | null> {
  try {
    const stats = await lstat(path);
    return stats.isFile() ? fileVersion(stats) : null;
  } catch {
    return null;
  }
}

async function agentRuns(resultsDir: string, agentSlug: string, unread: UnreadCollector): Promise<RunFile[]> {
  const dir = join(resultsDir, agentSlug);
  const byTimestamp = new Map<string, { name: string; partial: boolean }>();
  for (const entry of await entries(dir)) {
    if (entry.name.startsWith('.')) continue;
    const path = `${agentSlug}/${entry.name}`;
    if (entry.isDirectory()) {
      await unread.walk(join(dir, entry.name), path, REASONS.subfolder, 2);
      continue;
    }
    const kind = entry.isFile() ? classifyRunFile(entry.name) : null;
    if (kind === null) {
      unread.entry(entry, path, REASONS.badFileName);
      continue;
    }
    const known = byTimestamp.get(kind.timestamp);
    if (known === undefined || (known.partial && !kind.partial))
      byTimestamp.set(kind.timestamp, { name: entry.name, ...kind });
  }
  const files = await Promise.all(
    [...byTimestamp.entries()].map(async ([timestamp, file]): Promise<RunFile | null> => {
      const runId = parseRunId(`${agentSlug}/${timestamp}`);
      const path = join(dir, file.name);
      const stats = await statFile(path);
      return runId === null || stats === null ? null : { runId, path, partial: file.partial, ...stats };
    }),
  );
  return files.filter((file): file is RunFile => file !== null);
}

/** What a scan found: the run files, and the files that look like runs but are not read (unread-files.ts). */
export interface ResultsScan {
  readonly files: readonly RunFile[];
  readonly unread: UnreadFiles;
}

export async function scanResultsDir(resultsDir: string): Promise<ResultsScan> {
  const root = resolve(resultsDir);
  const unread = new UnreadCollector();
  const agents: string[] = [];
  for (const entry of await entries(root)) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory() && isRunIdSegment(entry.name)) agents.push(entry.name);
    else if (entry.isDirectory()) await unread.walk(join(root, entry.name), entry.name, REASONS.badFolderName, 1);
    else unread.entry(entry, entry.name, REASONS.outsideAgentFolder);
  }
  const perAgent = await Promise.all(agents.map((agent) => agentRuns(root, agent, unread)));
  return { files: perAgent.flat(), unread: unread.result() };
}
