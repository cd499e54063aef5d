/** `holodeck test view --export report.html`: one run as a single HTML file that opens without a server. */

import { resolve } from 'node:path';
import { wallDate } from '../core/clock.js';
import type { Redactor } from '../core/redactor.js';
import { namedAfterStart, parseRunName } from '../core/run-record-name.js';
import { caseAddresses } from './case-address.js';
import { DashboardError } from './dashboard-error.js';
import type { CaseDetail, RunDetail, RunRecord, RunsPage, Trends } from './dashboard-types.js';
import { loadPageAssets, pageStyles } from './page-assets.js';
import { loadPageBundle } from './page-bundle.js';
import { scriptSafePieces, staticPageShell } from './page-html.js';
import { pageRuns, trendsOf } from './query-runs.js';
import { MAX_RECORD_BYTES, megabytes } from './read-record-source.js';
import { configBases } from './run-group.js';
import { type RunId, requireRunId, timestampTime } from './run-id.js';
import { compareRunIds } from './run-order.js';
import { RunStore } from './run-store.js';
import { caseDetail, runDetail } from './run-views.js';
import { type RunFile, scanResultsDir } from './scan-results-dir.js';
import { summarizeRun } from './summarize-run.js';

/** Receives the file's content piece by piece (reporters/atomic-write.ts writes it so). */
export type WritePieces = (chunk: string | readonly string[]) => Promise<void>;

export interface ExportOptions {
  readonly resultsDir: string;
  /** `<agent-slug>/<timestamp>`; the newest readable run when absent. */
  readonly runId?: string | undefined;
  readonly outPath: string;
  /** Masks secrets of the exporting environment in the report's data (see DashboardOptions.redactor). */
  readonly redactor?: Redactor;
  /**
   * Writes the page to the path, as `produce` gives it piece by piece: the command line writes it as it writes
   * every report. A large run's page is never one string (it could be longer than a string may be).
   */
  readonly write: (path: string, produce: (write: WritePieces) => Promise<void>) => Promise<void>;
  /** Told of each newer run passed over for the latest readable one (unreadable, or still running). */
  readonly onPassedOver?: (note: string) => void;
  /** Without `runId`: the latest run of this agent's folder only (the config named to `test view`). */
  readonly agentSlug?: string | undefined;
  /** The most characters of data the page can read (a browser reads them as one string); see MAX_PAGE_DATA. */
  readonly maxDataChars?: number;
}

/**
 * The page reads its data as one string, and a browser holds none longer than V8's longest (about 512 MB; the
 * same engine as Node's, whose limit this is): a report with more data would be written, and never open.
 */
export const MAX_PAGE_DATA = MAX_RECORD_BYTES;

/** What the page reads instead of the API when it opens from a file. */
export interface StaticData {
  readonly mode: 'static';
  readonly generated_at: string;
  readonly runs: RunsPage;
  readonly trends: Trends;
  readonly run: RunDetail;
  readonly cases: readonly CaseDetail[];
}

function startTime(file: RunFile): number {
  const encoded = timestampTime(file.runId.timestamp);
  return encoded === null ? file.mtimeMs : Date.parse(encoded);
}

/** The newest finished run that reads (an in-progress one only when none has finished), without indexing all. */
async function latestRun(
  resultsDir: string,
  store: RunStore,
  onPassedOver: (note: string) => void,
  agentSlug: string | undefined,
): Promise<{ id: RunId; record: RunRecord }> {
  // Runs holodeck named: a record copied under a name of one's own (`baseline.json`) is exported only by its id.
  const files = (await scanResultsDir(resultsDir)).files
    .filter((file) => timestampTime(file.runId.timestamp) !== null)
    .filter((file) => agentSlug === undefined || file.runId.agent_slug === agentSlug)
    .sort(
      (a, b) =>
        Number(a.partial) - Number(b.partial) || startTime(b) - startTime(a) || compareRunIds(b.runId.id, a.runId.id),
    );
  const passedOver: string[] = [];
  for (const file of files) {
    try {
      const record = await store.load(file.runId);
      if (await isCopy(file, record, files, store)) {
        passedOver.push(`${file.runId.id} is a copy of an older run (another record holds its run id)`);
        continue;
      }
      const newer = files.filter((other) => other.partial && startTime(other) > startTime(file));
      for (const running of newer)
        passedOver.push(`${running.runId.id} has no run record yet (still running, or it stopped)`);
      for (const note of passedOver) onPassedOver(note);
      return { id: file.runId, record };
    } catch (error) {
      if (!(error instanceof DashboardError)) throw error;
      passedOver.push(`${file.runId.id} cannot be read (${error.message})`);
    }
  }
  const whose = agentSlug === undefined ? '' : ` of ${agentSlug}`;
  throw new DashboardError('NO_RUNS', `no readable run records${whose} in the results folder ${resultsDir}`);
}

/**
 * A record not named after its own start whose run id another record holds: an older run saved again under a
 * later name (`cp -p`), which the latest run is not. Other records are read only for such a record.
 */
async function isCopy(file: RunFile, record: RunRecord, files: readonly RunFile[], store: RunStore): Promise<boolean> {
  if (Number.isNaN(Date.parse(record.report.timestamp))) return false;
  if (namedAfterStart(parseRunName(file.runId.timestamp), record.report.timestamp)) return false;
  for (const other of files) {
    if (other.partial || other.runId.id === file.runId.id) continue;
    const held = await store.load(other.runId).catch(() => null);
    if (held?.run_id === record.run_id) return true;
  }
  return false;
}

/** The report's data: every part but the test cases, which are given one at a time. */
interface PreparedData {
  readonly head: Omit<StaticData, 'cases'>;
  cases(): Iterable<CaseDetail>;
}

async function prepareStaticData(
  resultsDir: string,
  runId?: string,
  onPassedOver: (note: string) => void = () => {},
  agentSlug?: string,
): Promise<PreparedData> {
  const store = new RunStore(resultsDir, { capacity: 1 });
  const chosen = runId === undefined ? await latestRun(resultsDir, store, onPassedOver, agentSlug) : null;
  const id = chosen?.id ?? requireRunId(runId ?? '');
  const record = chosen?.record ?? (await store.load(id));
  const summary = summarizeRun(id, record, record.report.results, configBases(resultsDir));
  const addresses = caseAddresses(record);
  const query = { offset: 0, limit: 1, agent: null, group: null, q: null, status: null };
  const head = {
    mode: 'static' as const,
    generated_at: wallDate().toISOString(),
    runs: pageRuns([summary], query),
    trends: trendsOf([summary], query),
    run: runDetail(summary, record, null),
  };
  return {
    head,
    *cases() {
      for (const [position, address] of addresses.entries()) {
        yield caseDetail(id.id, record, address, addresses, position);
      }
    },
  };
}

export async function buildStaticData(
  resultsDir: string,
  runId?: string,
  onPassedOver: (note: string) => void = () => {},
  agentSlug?: string,
): Promise<StaticData> {
  const prepared = await prepareStaticData(resultsDir, runId, onPassedOver, agentSlug);
  return { ...prepared.head, cases: [...prepared.cases()] };
}

/**
 * Builds the report and hands it to `write` with its absolute path, which it returns. The data is written a test
 * case at a time, each masked and made script-safe on its own: a run of hundreds of megabytes is never held as
 * one string, which could be longer than a string may be.
 */
export async function exportStaticReport(options: ExportOptions): Promise<string> {
  const prepared = await prepareStaticData(options.resultsDir, options.runId, options.onPassedOver, options.agentSlug);
  const mask = <T>(value: T): T => (options.redactor === undefined ? value : options.redactor.deep(value));
  const head = mask(prepared.head);
  const assets = await loadPageAssets();
  const shell = staticPageShell({
    title: `HoloDeck — ${head.run.run.agent_name} — ${head.run.run.id}`,
    css: pageStyles(assets),
    script: await loadPageBundle(),
  });
  const outPath = resolve(options.outPath);
  const limit = options.maxDataChars ?? MAX_PAGE_DATA;
  await options.write(outPath, async (write) => {
    let written = 0;
    const data = async (json: string) => {
      const pieces = scriptSafePieces(json);
      written += pieces.reduce((sum, piece) => sum + piece.length, 0);
      if (written > limit) throw tooLarge(limit);
      await write(pieces);
    };
    // The data as one JSON object, its `cases` last: `{…head…,"cases":[case,case,…]}`.
    await write(shell.before);
    await data(`${JSON.stringify(head).slice(0, -1)},"cases":[`);
    let first = true;
    for (const detail of prepared.cases()) {
      await data(`${first ? '' : ','}${JSON.stringify(mask(detail))}`);
      first = false;
    }
    await data(']}');
    await write(shell.after);
  });
  return outPath;
}

function tooLarge(limit: number): DashboardError {
  return new DashboardError(
    'REPORT_TOO_LARGE',
    `the run is too large to export as one page: its data passes ${megabytes(limit)}, the longest text a browser reads (answers and tool results with many <, > or & take six characters for each) — open it with holodeck test view instead, or keep a run's texts shorter with --max-text-length when it runs`,
  );
}
