/**
 * Whether every `--output` report, the run record, a cassette to record and the response cache can be written
 * where they go, found before the run calls a model: a report is written when the run ends, and a path that is
 * a folder, or in a folder that cannot be created or written, would otherwise fail only then, after every case
 * has run (and been paid for). The folder is created if missing (as the report or record would create it), and
 * a file is created in it and removed again.
 */

import { randomUUID } from 'node:crypto';
import type { Stats } from 'node:fs';
import { open, realpath, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { RecordingMode } from '../backends/ai-sdk/recording/model-recording.js';
import { responsesDir } from '../backends/ai-sdk/recording/response-cache.js';
import { parseRunName } from '../core/run-record-name.js';
import { linkTarget } from '../reporters/link-target.js';
import { makeFolder } from '../reporters/make-folder.js';
import { agentSlug } from '../reporters/run-record-path.js';
import type { PlannedOutput } from './plan-outputs.js';

/** null when every report can be written; else why the first one cannot. */
export async function outputPlaceProblem(outputs: readonly PlannedOutput[]): Promise<string | null> {
  const folders = new Set<string>();
  for (const output of outputs) {
    const existing: Stats | string = await stat(output.path).catch((error: { code?: unknown }) =>
      String(error.code ?? 'ENOENT'),
    );
    if (existing === 'ELOOP') return `cannot write the report ${output.path}: it is a symbolic link that loops`;
    if (typeof existing === 'string') {
      // Nothing there yet; through a dangling symbolic link, the file it names is created, in its own folder.
      folders.add(dirname(await linkTarget(output.path).catch(() => output.path)));
      continue;
    }
    if (existing.isDirectory()) return `cannot write the report ${output.path}: it is a folder`;
    // A device or a pipe (`/dev/stdout`) is written as it is, with no file beside it.
    if (!existing.isFile()) continue;
    const record = runRecordNamed(output.path) ?? runRecordNamed(await realpath(output.path));
    if (record !== null) {
      return `cannot write the report ${output.path}: its name is that of ${record}, whose run's history it would replace — choose another file name`;
    }
    // Through a symbolic link, the file it points to is replaced: in its own folder.
    folders.add(dirname(await realpath(output.path)));
  }
  for (const folder of folders) {
    const problem = await folderProblem(folder, 'reports');
    if (problem !== null) return problem;
  }
  return null;
}

/** `a run record` or `a run's log` when the file bears a name holodeck gives them (`<timestamp>.json`). */
function runRecordNamed(path: string): string | null {
  const name = basename(path);
  if (name.endsWith('.partial.jsonl') && parseRunName(name.slice(0, -'.partial.jsonl'.length)) !== null) {
    return "a run's log";
  }
  return name.endsWith('.json') && parseRunName(name.slice(0, -'.json'.length)) !== null ? 'a run record' : null;
}

/** A file the run writes when it ends: a report, or the cassette of `--record`. */
export interface WrittenFile {
  readonly path: string;
  /** As messages name it: `the report out.json`, `the cassette c.jsonl`. */
  readonly what: string;
}

/** The reports and the cassette to record, as overInputProblem checks them. */
export function writtenFiles(outputs: readonly PlannedOutput[], record: string | undefined): WrittenFile[] {
  const reports = outputs.map((output) => ({ path: output.path, what: `the report ${output.path}` }));
  return record === undefined ? reports : [...reports, { path: resolve(record), what: `the cassette ${record}` }];
}

/**
 * null unless a report or the cassette would be written over a file the run reads (`--output cases.json` next to
 * a test cases file of that name, `--record agent.yaml`), which the run would destroy: the next run could not
 * even load; or over another file the run writes (`--record x.json --output x.json`), which would be lost.
 */
export async function overInputProblem(
  written: readonly WrittenFile[],
  inputFiles: readonly string[],
): Promise<string | null> {
  const real = async (path: string) => realpath(path).catch(() => whereCreated(path));
  const sources = new Map<string, string>();
  for (const file of inputFiles) sources.set(await real(file), file);
  const writers = new Map<string, WrittenFile>();
  for (const file of written) {
    const place = await real(file.path);
    const source = sources.get(place);
    if (source !== undefined) {
      return `cannot write ${file.what}: it is ${source}, which the run reads — choose another file name`;
    }
    const other = writers.get(place);
    if (other !== undefined && other.what !== file.what) {
      return `cannot write ${file.what}: it is also ${other.what} — choose another file name for one of them`;
    }
    writers.set(place, file);
  }
  return null;
}

/**
 * The file a write through a path that does not exist yet creates: through a dangling link, the file it names
 * (`b.md` → `a.json` is a.json), in its folder's real place; the path itself when nothing leads elsewhere.
 */
async function whereCreated(path: string): Promise<string> {
  const target = await linkTarget(path).catch(() => resolve(path));
  const folder = await realpath(dirname(target)).catch(() => dirname(target));
  return join(folder, basename(target));
}

/** null when the run record can be written: into the agent's folder of the results folder. */
export function recordPlaceProblem(resultsDir: string, agentName: string): Promise<string | null> {
  return folderProblem(join(resultsDir, agentSlug(agentName)), 'the run record');
}

/** null when what `--record` or `--cache` write can be written: the cassette, or the cache's answers. */
export async function recordingPlaceProblem(mode: RecordingMode): Promise<string | null> {
  switch (mode.mode) {
    case 'record': {
      const existing = await stat(mode.path).catch(() => null);
      if (existing?.isDirectory()) return `cannot write the cassette ${mode.label}: it is a folder`;
      if (existing !== null && !existing.isFile()) {
        return `cannot write the cassette ${mode.label}: it is a device or a pipe, and a cassette is a file --replay reads back`;
      }
      // As a report: a cassette written over a run record (or through a link to one) would replace its history.
      const record =
        existing === null ? null : (runRecordNamed(mode.path) ?? runRecordNamed(await realpath(mode.path)));
      if (record !== null) {
        return `cannot write the cassette ${mode.label}: its name is that of ${record}, whose run's history it would replace — choose another file name`;
      }
      return folderProblem(dirname(mode.path), `the cassette ${mode.label}`);
    }
    case 'cache':
      return folderProblem(responsesDir(mode.dir), 'cached answers');
    case 'replay':
      return null;
  }
}

async function folderProblem(folder: string, what: string): Promise<string | null> {
  const probe = join(folder, `.holodeck-write-check-${randomUUID()}`);
  try {
    await makeFolder(folder);
    const handle = await open(probe, 'wx');
    await handle.close();
    await unlink(probe);
    return null;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return `cannot write ${what} into ${folder}: ${code === undefined ? message : describeCode(code, message)}`;
  }
}

/** A file system error as the checks of where a run writes say it: `a part of the path is a file, not a folder`. */
export function describeCode(code: string, message: string): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOTDIR':
      return 'a part of the path is a file, not a folder';
    case 'ENOENT':
      return 'the folder cannot be created there';
    default:
      return message;
  }
}
