/** `holodeck test view --export report.html`: one run as a single HTML file that opens without a server. */

import { resolve } from 'node:path';
import type { Redactor } from '../core/redactor.js';
import { caseAddresses } from './case-address.js';
import { DashboardError } from './dashboard-error.js';
import type { CaseDetail, RunDetail, RunRecord, RunsPage, Trends } from './dashboard-types.js';
import { loadPageAssets, pageStyles } from './page-assets.js';
import { loadPageBundle } from './page-bundle.js';
import { staticPageHtml } from './page-html.js';
import { pageRuns, trendsOf } from './query-runs.js';
import { configBases } from './run-group.js';
import { type RunId, requireRunId, timestampTime } from './run-id.js';
import { RunStore } from './run-store.js';
import { caseDetail, runDetail } from './run-views.js';
import { type RunFile, scanResultsDir } from './scan-results-dir.js';
import { summarizeRun } from './summarize-run.js';

export interface ExportOptions {
  readonly resultsDir: string;
  /** `<agent-slug>/<timestamp>`; the newest readable run when absent. */
  readonly runId?: string | undefined;
  readonly outPath: string;
  /** Masks secrets of the exporting environment in the report's data (see DashboardOptions.redactor). */
  readonly redactor?: Redactor;
  /** Writes the page to the path: the command line writes it as it writes every report. */
  readonly write: (path: string, html: string) => Promise<void>;
  /** Told of each newer run passed over for the latest readable one (unreadable, or still running). */
  readonly onPassedOver?: (note: string) => void;
  /** Without `runId`: the latest run of this agent's folder only (the config named to `test view`). */
  readonly agentSlug?: string | undefined;
}

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
  const files = (await scanResultsDir(resultsDir))
    .filter((file) => timestampTime(file.runId.timestamp) !== null)
    .filter((file) => agentSlug === undefined || file.runId.agent_slug === agentSlug)
    .sort((a, b) => Number(a.partial) - Number(b.partial) || startTime(b) - startTime(a));
  const passedOver: string[] = [];
  for (const file of files) {
    try {
      const record = await store.load(file.runId);
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
  throw new DashboardError('NO_RUNS', `no readable run records${whose} in the results folder`);
}

export async function buildStaticData(
  resultsDir: string,
  runId?: string,
  onPassedOver: (note: string) => void = () => {},
  agentSlug?: string,
): Promise<StaticData> {
  const store = new RunStore(resultsDir, { capacity: 1 });
  const chosen = runId === undefined ? await latestRun(resultsDir, store, onPassedOver, agentSlug) : null;
  const id = chosen?.id ?? requireRunId(runId ?? '');
  const record = chosen?.record ?? (await store.load(id));
  const summary = summarizeRun(id, record, record.report.results, configBases(resultsDir));
  const addresses = caseAddresses(record);
  const query = { offset: 0, limit: 1, agent: null, group: null, q: null, status: null };
  return {
    mode: 'static',
    generated_at: new Date().toISOString(),
    runs: pageRuns([summary], query),
    trends: trendsOf([summary], query),
    run: runDetail(summary, record, null),
    cases: addresses.map((address) => caseDetail(id.id, record, address, addresses)),
  };
}

/** Builds the report and hands it to `write` with its absolute path, which it returns. */
export async function exportStaticReport(options: ExportOptions): Promise<string> {
  const built = await buildStaticData(options.resultsDir, options.runId, options.onPassedOver, options.agentSlug);
  const data = options.redactor === undefined ? built : options.redactor.deep(built);
  const assets = await loadPageAssets();
  const html = staticPageHtml({
    title: `HoloDeck — ${data.run.run.agent_name} — ${data.run.run.id}`,
    css: pageStyles(assets),
    script: await loadPageBundle(),
    data,
  });
  const outPath = resolve(options.outPath);
  await options.write(outPath, html);
  return outPath;
}
