/**
 * The runs index: one small RunSummary per run file, extracted once and reused while the file stays the same
 * version (file-version.ts: its mtime and size, and its change time and inode, which `touch -r` cannot reset). Files are read one at a time and only their summary is kept, so listing a folder of large
 * runs holds one parsed run at a time, never all of them.
 */

import { dateAt, wallNow } from '../core/clock.js';
import type { Redactor } from '../core/redactor.js';
import { DashboardError } from './dashboard-error.js';
import type { RunSummary } from './dashboard-types.js';
import { type FileVersion, sameVersion } from './file-version.js';
import { readRecordSource } from './read-record-source.js';
import { partialStatus, readRunFile } from './read-run-file.js';
import { copiesOf } from './run-copies.js';
import { configBases } from './run-group.js';
import { timestampTime } from './run-id.js';
import { compareRunIds } from './run-order.js';
import { type RunFile, scanResultsDir } from './scan-results-dir.js';
import { summarizeRecordSource, summarizeRun, unreadableRun } from './summarize-run.js';
import type { UnreadFiles } from './unread-files.js';

/** When an unreadable run started: the time its file name encodes, else when the file was written. */
function modified(file: RunFile): string {
  return timestampTime(file.runId.timestamp) ?? dateAt(file.mtimeMs).toISOString();
}

interface Entry extends FileVersion {
  readonly path: string;
  readonly partial: boolean;
  readonly summary: RunSummary;
  /** An in-progress log's problem (empty, not holodeck's), kept apart from the state's note. */
  readonly logProblem: string | null;
}

/** While a large folder is being indexed, the listed state is updated this often. */
const PUBLISH_EVERY_MS = 250;

export interface RunIndexOptions {
  readonly now?: () => number;
  /** The folders config paths are shown relative to; by default the results folder's parent, then the cwd. */
  readonly configBases?: readonly string[];
  /**
   * Masks the serving environment's secrets in each summary as it is indexed, so that searches match what the
   * page shows (`***NAME`), never the value behind a mask, which a search could guess a prefix at a time.
   */
  readonly redactor?: Redactor;
}

function sortTime(summary: RunSummary): number {
  const parsed = summary.started_at === null ? Number.NaN : Date.parse(summary.started_at);
  return Number.isFinite(parsed) ? parsed : 0;
}

/**
 * Newest first; runs of the same start by their names as the command line orders them (`…Z-12` is newer than
 * `…Z-2`), so the newest run listed is the one `holodeck compare latest` reads.
 */
export function newestFirst(a: RunSummary, b: RunSummary): number {
  return sortTime(b) - sortTime(a) || compareRunIds(b.id, a.id);
}

export class RunIndex {
  readonly #resultsDir: string;
  readonly #now: () => number;
  readonly #redactor: Redactor | null;
  /** The folders config paths are shown relative to (see configLabel). */
  readonly configBases: readonly string[];
  readonly #entries = new Map<string, Entry>();
  #sorted: readonly RunSummary[] = [];
  #version = 0;
  #pending = 0;
  #running: Promise<readonly RunSummary[]> | null = null;
  #again: Promise<readonly RunSummary[]> | null = null;
  #unread: UnreadFiles = { total: 0, files: [] };
  /** Each copy's id, with the run it copies, as of the last publish. */
  #copies = new Map<string, string>();

  constructor(resultsDir: string, options: RunIndexOptions = {}) {
    this.#resultsDir = resultsDir;
    this.#now = options.now ?? wallNow;
    this.#redactor = options.redactor ?? null;
    this.configBases = options.configBases ?? configBases(resultsDir);
  }

  /** Increases whenever a refresh finds a run added, changed or removed. */
  get version(): number {
    return this.#version;
  }

  /** How many run files are indexed. */
  get size(): number {
    return this.#entries.size;
  }

  /** Files found by the running refresh that are not read yet (0 when idle). */
  get pending(): number {
    return this.#pending;
  }

  /** The files under the folder that look like runs but are not read, as of the last refresh. */
  get unread(): UnreadFiles {
    return this.#unread;
  }

  /** The summaries as of the last refresh, newest first. */
  get runs(): readonly RunSummary[] {
    return this.#sorted;
  }

  /**
   * Rescans the folder and re-reads only new or changed files. A call made while a refresh is running waits
   * for one more refresh after it, so it never returns a state older than the call.
   */
  refresh(): Promise<readonly RunSummary[]> {
    if (this.#running === null) {
      this.#running = this.#refresh().finally(() => {
        this.#running = null;
      });
      return this.#running;
    }
    this.#again ??= this.#running.then(
      () => this.#followUp(),
      () => this.#followUp(),
    );
    return this.#again;
  }

  #followUp(): Promise<readonly RunSummary[]> {
    this.#again = null;
    return this.refresh();
  }

  async #refresh(): Promise<readonly RunSummary[]> {
    const { files, unread } = await scanResultsDir(this.#resultsDir);
    this.#unread = unread;
    const seen = new Set(files.map((file) => file.runId.id));
    let changed = false;
    for (const id of [...this.#entries.keys()]) {
      if (!seen.has(id)) changed = this.#entries.delete(id) || changed;
    }
    const todo: RunFile[] = [];
    for (const file of files) {
      const known = this.#entries.get(file.runId.id);
      if (known && known.path === file.path && sameVersion(known, file)) {
        changed = this.#updatePartialState(file, known) || changed;
      } else {
        todo.push(file);
      }
    }
    // Newest first, so the first page of runs is ready long before a large folder is fully indexed.
    todo.sort((a, b) => compareRunIds(b.runId.id, a.runId.id));
    this.#pending = todo.length;
    if (changed) this.#publish();
    let published = wallNow();
    for (const file of todo) {
      const { summary, logProblem } = await this.#summarize(file);
      this.#entries.set(file.runId.id, { ...file, summary: this.#masked(summary), logProblem });
      this.#pending -= 1;
      if (wallNow() - published >= PUBLISH_EVERY_MS) {
        this.#publish();
        published = wallNow();
      }
    }
    if (todo.length > 0 || this.#version === 0) this.#publish();
    return this.#sorted;
  }

  /** Makes the current entries the listed state, each copy of a run marked as such. */
  #publish(): void {
    this.#version += 1;
    const summaries = [...this.#entries.values()].map((entry) => entry.summary);
    this.#copies = copiesOf(summaries);
    this.#sorted = summaries.map((summary) => this.#withCopy(summary)).sort(newestFirst);
  }

  #withCopy(summary: RunSummary): RunSummary {
    const copyOf = this.#copies.get(summary.id) ?? null;
    return copyOf === summary.copy_of ? summary : { ...summary, copy_of: copyOf };
  }

  /**
   * An in-progress log that stops growing turns from `running` into `incomplete` without changing on disk (and
   * a stale lock of another host gets its note).
   */
  #updatePartialState(file: RunFile, known: Entry): boolean {
    if (!known.partial) return false;
    const { state, note } = partialStatus(file, this.#now());
    const error = [note, known.logProblem].filter((text) => typeof text === 'string').join('; ') || null;
    const summary = this.#masked({ ...known.summary, state, error });
    if (summary.state === known.summary.state && summary.error === known.summary.error) return false;
    this.#entries.set(file.runId.id, { ...known, summary });
    return true;
  }

  #masked(summary: RunSummary): RunSummary {
    return this.#redactor === null ? summary : this.#redactor.deep(summary);
  }

  /**
   * One file's summary; whatever goes wrong with it (it vanished, is too large, is not a record) makes that run
   * unreadable, with the reason, and never stops the others from being indexed. The entry is kept with the
   * file's version, so an unreadable file is not read again until it changes.
   */
  async #summarize(file: RunFile): Promise<Pick<Entry, 'summary' | 'logProblem'>> {
    try {
      if (!file.partial) {
        const source = await readRecordSource(file.path, file.runId);
        return { summary: summarizeRecordSource(source, file.runId, this.configBases), logProblem: null };
      }
      const record = await readRunFile(file, this.#now());
      const summary = summarizeRun(file.runId, record, record.report.results, this.configBases);
      return { summary, logProblem: record.log_problem ?? null };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const reason = error instanceof DashboardError ? message : `${file.runId.id}: ${message}`;
      return { summary: unreadableRun(file.runId, reason, modified(file)), logProblem: null };
    }
  }

  /** The summary of a run, or null when the index does not know it. */
  get(id: string): RunSummary | null {
    const summary = this.#entries.get(id)?.summary;
    return summary === undefined ? null : this.#withCopy(summary);
  }

  /**
   * The readable run of the same config file and selection (the same history) just before `id`, or null; a copy
   * of a run is not a run before it.
   */
  previousRun(id: string): string | null {
    const position = this.#sorted.findIndex((run) => run.id === id);
    const current = this.#sorted[position];
    if (current === undefined) return null;
    const previous = this.#sorted
      .slice(position + 1)
      .find((run) => run.group.key === current.group.key && run.state !== 'unreadable' && run.copy_of === null);
    return previous?.id ?? null;
  }
}
