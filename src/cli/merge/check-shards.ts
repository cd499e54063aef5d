/**
 * Whether shard records make one run: the same agent and suite, every shard of `n` present exactly once,
 * each completed, and no test case in two of them. Pure: data in, verdict out.
 */
import type { RunState } from '../../core/reporter.js';
import type { RunSelection, ShardSpec } from '../../records/run-record.js';
import { formatShard } from '../shard.js';

export interface ShardRecord {
  readonly path: string;
  readonly run_id: string;
  readonly state: RunState;
  readonly agent_name: string;
  readonly selection: RunSelection | null;
  readonly names: readonly string[];
  readonly turns: number;
  /** Named on the command line; a record found in a folder that is no shard (a merged run) is skipped. */
  readonly explicit?: boolean;
  /** What decides its verdicts beside its cases: shards of one run agree on them. */
  readonly settings?: ShardSettings;
}

export interface ShardSettings {
  /** `provider:name`, or null without a model. */
  readonly model: string | null;
  readonly backend: string;
  readonly repeat: number;
  readonly min_pass_rate: number | null;
  /**
   * A hash of the suite's content and the agent's instructions, tools and metrics (null in records that do not
   * keep it): a shard run after one of them changed ran another suite.
   */
  readonly content?: string | null;
  /** The judge of LLM-judged metrics (`provider:name`); null or absent when the record does not say. */
  readonly judge?: string | null;
  /**
   * The execution settings that decide verdicts (`fail_on_tool_error`, `max_steps`, `llm_timeout`…), as the
   * record's configuration snapshot has them in force; absent in records that do not keep them.
   */
  readonly verdict_settings?: Readonly<Record<string, unknown>> | null;
}

/** A run's `.partial.jsonl` log without its record: a shard that crashed, was stopped or is still running. */
export interface UnfinishedRun {
  readonly path: string;
  /** From the log's header; null when it has none or the run was no shard. */
  readonly shard: ShardSpec | null;
  /** The run's model (`provider:name`), from the log's header; null when it names none. */
  readonly model?: string | null;
}

export interface Skipped {
  readonly path: string;
  readonly why: string;
}

export type ShardCheck =
  | { readonly ok: true; readonly ordered: readonly ShardRecord[]; readonly skipped: readonly Skipped[] }
  | { readonly ok: false; readonly problems: readonly string[] };

export function checkShards(records: readonly ShardRecord[], unfinished: readonly UnfinishedRun[] = []): ShardCheck {
  const problems: string[] = [];
  const skipped: Skipped[] = [];
  // A shard stopped (SIGTERM: a pod evicted, a job cancelled) keeps an interrupted record; its retry completes it.
  const retried = supersededRuns(records);
  const sharded = records.filter((record) => record.selection?.shard != null && !retried.has(record));
  for (const record of records) {
    if (record.selection?.shard != null) continue;
    if (record.explicit === false) skipped.push({ path: record.path, why: 'not a shard record' });
    else problems.push(`${record.path} was not run with --shard`);
  }
  const first = sharded[0];
  if (first === undefined) {
    const unfinishedShards = unfinished.filter((run) => run.shard !== null);
    problems.push(...unfinishedShards.map((run) => didNotFinish(run.shard as ShardSpec, run.path)));
    if (problems.length === 0) problems.push('none of these run records is a shard (--shard)');
    return { ok: false, problems };
  }
  const firstSelection = first.selection as RunSelection;
  const total = firstSelection.shard?.total ?? 0;
  for (const record of sharded.slice(1)) problems.push(...mismatches(first, record));
  const byIndex = new Map<number, ShardRecord[]>();
  // Records of another split (1/3 beside 1/2) are named as such above, not counted as a shard of this one.
  for (const record of sharded.filter((r) => r.selection?.shard?.total === total)) {
    const index = record.selection?.shard?.index ?? 0;
    byIndex.set(index, [...(byIndex.get(index) ?? []), record]);
  }
  problems.push(...absentShards(total, new Set(byIndex.keys()), unfinished));
  for (const [index, found] of [...byIndex].sort(([a], [b]) => a - b)) {
    if (found.length > 1) {
      const label = formatShard({ index, total });
      problems.push(`shard ${label} appears ${found.length} times: ${found.map((r) => r.path).join(', ')}`);
    }
  }
  for (const record of sharded) {
    if (record.state !== 'completed') {
      problems.push(`${record.path} (shard ${shardLabel(record)}) is ${record.state}: resume it with --resume first`);
    }
  }
  problems.push(...overlaps(sharded));
  if (problems.length > 0) return { ok: false, problems };
  for (const [record, complete] of retried) {
    skipped.push({
      path: record.path,
      why: `an interrupted run of shard ${shardLabel(record)}, which is complete in ${complete.path}`,
    });
  }
  for (const run of unfinished) skipped.push({ path: run.path, why: unfinishedWhy(run, total, byIndex) });
  const ordered = [...sharded].sort((a, b) => (a.selection?.shard?.index ?? 0) - (b.selection?.shard?.index ?? 0));
  return { ok: true, ordered, skipped };
}

/** Missing shards are named until this many lines say them (a split into millions stays readable). */
const MAX_MISSING_LINES = 20;

/**
 * The shards of `1..total` that no record holds, in order: one that left a log did not finish; the others are
 * missing, three or more in a row said on one line (`shards 3/9 to 7/9 are missing`).
 */
function absentShards(total: number, present: ReadonlySet<number>, unfinished: readonly UnfinishedRun[]): string[] {
  const logs = new Map<number, UnfinishedRun>();
  for (const run of unfinished) {
    const index = run.shard?.total === total ? run.shard.index : 0;
    if (index >= 1 && index <= total && !present.has(index) && !logs.has(index)) logs.set(index, run);
  }
  // Indexes where the run of missing shards is broken: shards that are there or left a log, and the end.
  const breaks = [...new Set([...present, ...logs.keys()])].filter((i) => i <= total).sort((a, b) => a - b);
  const lines: string[] = [];
  let shown = 0;
  let unshown = 0;
  let next = 1;
  for (const at of [...breaks, total + 1]) {
    if (at > next && shown < MAX_MISSING_LINES) {
      const said = missingRun(next, at - 1, total);
      lines.push(...said);
      shown += said.length;
    } else if (at > next) unshown += at - next;
    const log = logs.get(at);
    if (log !== undefined) lines.push(didNotFinish(log.shard as ShardSpec, log.path));
    next = Math.max(next, at + 1);
  }
  if (unshown > 0) lines.push(`and ${unshown} more missing shards`);
  return lines;
}

/** `shard 2/9 is missing`, or for three or more in a row `shards 3/9 to 7/9 are missing (5 shards)`. */
function missingRun(from: number, to: number, total: number): string[] {
  const label = (index: number) => formatShard({ index, total });
  if (to - from < 2)
    return from === to ? [`shard ${label(from)} is missing`] : [from, to].map((i) => `shard ${label(i)} is missing`);
  return [`shards ${label(from)} to ${label(to)} are missing (${to - from + 1} shards)`];
}

/** Each interrupted shard record whose shard (of the same split) another record completed, with that record. */
function supersededRuns(records: readonly ShardRecord[]): Map<ShardRecord, ShardRecord> {
  const key = (record: ShardRecord) => {
    const shard = record.selection?.shard;
    return shard == null ? null : `${formatShard(shard)} ${record.selection?.suite_fingerprint}`;
  };
  const complete = new Map<string, ShardRecord>();
  for (const record of records) {
    const at = key(record);
    if (at !== null && record.state === 'completed' && !complete.has(at)) complete.set(at, record);
  }
  const superseded = new Map<ShardRecord, ShardRecord>();
  for (const record of records) {
    const done = record.state === 'interrupted' ? complete.get(key(record) ?? '') : undefined;
    if (done !== undefined) superseded.set(record, done);
  }
  return superseded;
}

function mismatches(first: ShardRecord, record: ShardRecord): string[] {
  const a = first.selection as RunSelection;
  const b = record.selection as RunSelection;
  const problems: string[] = [];
  if (record.agent_name !== first.agent_name) {
    problems.push(`${record.path} is of agent "${record.agent_name}", ${first.path} of "${first.agent_name}"`);
  }
  if (b.shard?.total !== a.shard?.total) {
    problems.push(`${record.path} is shard ${shardLabel(record)}, ${first.path} is shard ${shardLabel(first)}`);
  }
  if (b.suite_fingerprint !== a.suite_fingerprint) {
    problems.push(
      `${record.path} and ${first.path} ran different test cases (configuration, --filter or --limit differ)`,
    );
  }
  problems.push(...settingMismatches(first, record));
  const [contentA, contentB] = [first.settings?.content ?? null, record.settings?.content ?? null];
  if (contentA !== null && contentB !== null && contentA !== contentB) {
    problems.push(
      `${record.path} and ${first.path} ran different versions of the suite: test cases, instructions, tools or metrics, or the files of its tools, code graders, module agent or attachments, changed between the shards — run every shard of the same configuration and files`,
    );
  }
  return problems;
}

/** `… ran with model ollama:m2, … with openai:m1`: the merged run would claim one model for both. */
function settingMismatches(first: ShardRecord, record: ShardRecord): string[] {
  const [a, b] = [first.settings, record.settings];
  if (a === undefined || b === undefined) return [];
  const said = (key: keyof ShardSettings, settings: ShardSettings) =>
    key === 'model' ? (settings.model ?? 'no model') : `${key} ${settings[key] ?? 'unset'}`;
  const shared = (['model', 'backend', 'repeat', 'min_pass_rate'] as const)
    .filter((key) => a[key] !== b[key])
    .map(
      (key) =>
        `${record.path} ran with ${key === 'model' ? 'model ' : ''}${said(key, b)}, ${first.path} with ${said(key, a)}: the shards of one run share their model, backend and --repeat settings`,
    );
  const [judgeA, judgeB] = [a.judge ?? null, b.judge ?? null];
  if (judgeA !== null && judgeB !== null && judgeA !== judgeB) {
    shared.push(
      `${record.path} was judged by ${judgeB}, ${first.path} by ${judgeA} (evaluations.model, else the agent's model; a model matrix keeps the judge of agent.yaml): the judge decides the verdicts of LLM-judged metrics, so the shards of one run share it`,
    );
  }
  return [...shared, ...executionMismatches(first, record)];
}

/** `… ran with execution.fail_on_tool_error true, … with false`: the merged run would claim one for both. */
function executionMismatches(first: ShardRecord, record: ShardRecord): string[] {
  const [a, b] = [first.settings?.verdict_settings, record.settings?.verdict_settings];
  if (a == null || b == null) return [];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const said = (value: unknown) => (value === undefined ? 'unset' : JSON.stringify(value));
  return keys
    .filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map(
      (key) =>
        `${record.path} ran with ${key.includes('.') ? key : `execution.${key}`} ${said(b[key])}, ${first.path} with ${said(a[key])}: it decides verdicts, so the shards of one run share it (command-line options and HOLODECK_* variables included)`,
    );
}

function overlaps(records: readonly ShardRecord[]): string[] {
  const owner = new Map<string, string>();
  const problems: string[] = [];
  for (const record of records) {
    for (const name of record.names) {
      const other = owner.get(name);
      if (other !== undefined && other !== record.path) {
        problems.push(`test case "${name}" is in both ${other} and ${record.path}`);
      }
      owner.set(name, record.path);
    }
  }
  return problems.slice(0, 20);
}

function didNotFinish(shard: ShardSpec, log: string): string {
  return (
    `shard ${formatShard(shard)} did not finish: only its log ${log} is there (the job crashed, was stopped or ` +
    'is still running); run that shard again, or finish it with --resume, and merge its record'
  );
}

function unfinishedWhy(
  run: UnfinishedRun,
  total: number,
  complete: ReadonlyMap<number, readonly ShardRecord[]>,
): string {
  if (run.shard === null) return 'the log of a run that did not finish, and no shard';
  const record = run.shard.total === total ? complete.get(run.shard.index)?.[0] : undefined;
  return record === undefined
    ? `the log of an unfinished run of shard ${formatShard(run.shard)}, of another split of the suite`
    : `an unfinished run of shard ${formatShard(run.shard)}, which is complete in ${record.path}`;
}

function shardLabel(record: ShardRecord): string {
  const shard = record.selection?.shard;
  return shard == null ? '(none)' : formatShard(shard);
}
