/** The run record as the dashboard reads it, and the JSON shapes of the dashboard API (snake_case, like reports). */

import type { CaseFailure as CoreCaseFailure } from '../core/failure-reasons.js';
import type { JsonValue } from '../core/json.js';
import type { MetricSummary } from '../core/metric-tally.js';
import type { RunState } from '../core/reporter.js';
import type { ReportSummary, RunReport } from '../core/results.js';
import type { Status } from '../core/status.js';
import type { RunGroup, RunSelectionView } from './run-group.js';
import type { UnreadFiles } from './unread-files.js';

export type { MetricSummary } from '../core/metric-tally.js';
export type { RunGroup, RunSelectionView } from './run-group.js';
export type { UnreadFile, UnreadFiles } from './unread-files.js';

/**
 * A record's own state, or what the dashboard infers: `running` (only the in-progress log exists and it is
 * still being written), `incomplete` (the log stopped growing without a record), `unreadable` (bad file).
 */
export type DashboardRunState = RunState | 'running' | 'incomplete' | 'unreadable';

export interface RunModel {
  readonly provider: string;
  readonly name: string;
}

export interface RunMetadata {
  readonly cli_args: readonly string[];
  readonly config_snapshot: JsonValue | null;
  readonly git_commit: string | null;
  readonly holodeck_version: string | null;
  readonly node_version: string | null;
  readonly backend: string | null;
  readonly model: RunModel | null;
  readonly started_at: string | null;
  readonly finished_at: string | null;
  /** Which test cases the run selected; null for records that do not say. */
  readonly selection: RunSelectionView | null;
  /** A model matrix run: the id shared by the runs of every model of the same invocation; else null. */
  readonly comparison_id: string | null;
}

/** A run record after validation: missing optional parts are filled with nulls and defaults. */
export interface RunRecord {
  readonly record_version: number;
  readonly run_id: string;
  readonly state: DashboardRunState;
  readonly metadata: RunMetadata;
  readonly report: RunReport;
  /** An in-progress log's uncertain state (`unknown / stale: locked by host …`), when it is. */
  readonly note?: string | null;
  /** Why an in-progress log shows no results (empty, or no line holodeck wrote), when it does not. */
  readonly log_problem?: string | null;
}

/** One line of the runs index: everything the runs table and the charts need, without the results. */
export interface RunSummary {
  /** `<agent-slug>/<timestamp>`, the id used in URLs. */
  readonly id: string;
  readonly agent_slug: string;
  readonly agent_name: string;
  /** The history the run belongs to: its config file and selection of test cases. */
  readonly group: RunGroup;
  /** The runner's own run id (a UUID), when the record has one. */
  readonly record_run_id: string | null;
  /**
   * The id of the run this record is a copy of (the same `record_run_id` in another file, run-copies.ts): listed,
   * but left out of trends and histories; null for a run.
   */
  readonly copy_of: string | null;
  readonly state: DashboardRunState;
  /**
   * Why the record could not be read (state `unreadable`), or what is uncertain or wrong about an in-progress
   * log (a stale lock of another host, a log that is empty or not holodeck's); otherwise null.
   */
  readonly error: string | null;
  readonly started_at: string | null;
  readonly finished_at: string | null;
  readonly model: RunModel | null;
  readonly backend: string | null;
  readonly git_commit: string | null;
  readonly holodeck_version: string | null;
  readonly summary: ReportSummary;
  readonly metrics: readonly MetricSummary[];
  /** A model matrix run: the id shared by the runs of every model of the same invocation; else null. */
  readonly comparison_id: string | null;
  /** An interrupted run: how many test cases it selected and how many of them did not run; else null. */
  readonly interrupted: { readonly selected_tests: number; readonly not_run: number } | null;
}

/** One history in the picker of the runs view. */
export interface GroupEntry extends RunGroup {
  /** The agent of its newest run. */
  readonly agent_name: string;
  readonly runs: number;
}

/** Set while a refresh is still reading run files: the lists hold only the runs read so far. */
export interface IndexProgress {
  readonly indexed: number;
  readonly pending: number;
}

export interface RunsPage {
  readonly indexing: IndexProgress | null;
  readonly total: number;
  readonly offset: number;
  readonly limit: number;
  readonly runs: readonly RunSummary[];
  /** Every history in the folder (not only the filtered runs'), newest first. */
  readonly groups: readonly GroupEntry[];
  /** The files under the results folder that look like runs but are not read, and why. */
  readonly unread_files: UnreadFiles;
}

export interface TrendPoint {
  readonly id: string;
  readonly agent_slug: string;
  /** The key of the run's history; the charts draw one line per history. */
  readonly group: string;
  /** `agent.yaml · all test cases` */
  readonly group_label: string;
  readonly started_at: string | null;
  readonly state: DashboardRunState;
  readonly pass_rate: number;
  readonly total_tests: number;
  readonly passed: number;
  /** A run that did not finish: how many test cases it selected (its rate is of the finished ones); else null. */
  readonly selected_tests: number | null;
  readonly model: string | null;
  readonly metrics: Readonly<Record<string, number | null>>;
}

export interface Trends {
  readonly indexing: IndexProgress | null;
  /** Oldest first. */
  readonly points: readonly TrendPoint[];
  readonly metric_names: readonly string[];
}

export type CaseStatus = Status;
export type TurnStatus = Status;

export interface CaseRow {
  readonly index: number;
  readonly test_name: string;
  readonly status: CaseStatus;
  /** null for single-turn cases. */
  readonly turn_count: number | null;
  readonly passed_turns: number;
  readonly failed_turns: number;
  readonly skipped_turns: number;
  readonly duration_ms: number;
  readonly total_tokens: number;
  /** A call of the case's usage is unknown (none reported, a request abandoned): `total_tokens` is a lower bound. */
  readonly tokens_at_least?: boolean;
  /** Metrics that ran on the case, and whether each passed everywhere it ran. */
  readonly metrics: readonly { readonly metric_name: string; readonly passed: boolean }[];
  /** The first reason the case failed, for the list; null when it passed. */
  readonly failure: string | null;
}

export interface RunDetail {
  readonly run: RunSummary;
  readonly metadata: RunMetadata;
  readonly agent_config_path: string;
  readonly cases: readonly CaseRow[];
  readonly metric_names: readonly string[];
  /** The run of the same config file and selection just before this one, to compare with. */
  readonly previous_run_id: string | null;
}

/** Why a case did not pass, turn by turn: the same vocabulary as the console and the report files. */
export type CaseFailure = CoreCaseFailure;

export interface CaseDetail {
  readonly run_id: string;
  readonly agent_name: string;
  /** The case's address: its place in the configuration's test cases (case-address.ts). */
  readonly index: number;
  /** Its place in the run's list of results (0-based), of `total`. */
  readonly position: number;
  readonly total: number;
  readonly result: RunReport['results'][number];
  readonly failures: readonly CaseFailure[];
  readonly previous_failed: number | null;
  readonly next_failed: number | null;
}
