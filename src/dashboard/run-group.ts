/**
 * Which runs make one history: the runs of one config file with the same selection of test cases (filters,
 * grep, exclude, --last-failed, limit, shard) and, when the command line chose it (`--model`, a model
 * matrix), the same model. Two config files of the same agent, one config run with different filters, or the
 * models of one matrix are different histories: their pass rates and metrics are not comparable.
 */
import { createHash } from 'node:crypto';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { RunSelection } from '../records/run-record.js';

/** The selection a run record stores (`metadata.selection`), reduced to what decides which cases ran. */
export interface RunSelectionView {
  /** `--filter` patterns (or `execution.filter`): a case runs when its name matches any. */
  readonly filters: readonly string[];
  readonly grep: string | null;
  readonly exclude: readonly string[];
  /** `--last-failed`: the run whose failed cases were selected, and how many they were. */
  readonly last_failed: { readonly run_id: string; readonly cases: number } | null;
  readonly limit: number | null;
  readonly shard: { readonly index: number; readonly total: number } | null;
}

/** The history a run belongs to, as the API sends it with every run. */
export interface RunGroup {
  /** A short stable id of the config file and selection (used in links: `#/runs?group=<key>`). */
  readonly key: string;
  /** The config file as the record names it (absolute); empty when the record does not say. */
  readonly config_path: string;
  /** The config file relative to the project (see configLabel); empty when unknown. */
  readonly config_label: string;
  /** `all test cases`, `filter "revenue*" · limit 5`, `shard 1/3`, `all test cases · model openai:gpt-4o`… */
  readonly selection_label: string;
}

/** A model as a history names it: `provider:name`. */
export interface GroupModel {
  readonly provider: string;
  readonly name: string;
}

/**
 * The model that splits a history: the run's model when the command line chose it (`--model`, given once or
 * as a matrix) or the run is one model of a matrix (`models:`); null when the config's own model ran, whose
 * changes are edits of the config like any other.
 */
export function chosenModel(
  model: GroupModel | null,
  cliArgs: readonly string[],
  comparisonId: string | null,
): GroupModel | null {
  if (model === null) return null;
  const onCommandLine = cliArgs.some((arg) => arg === '--model' || arg.startsWith('--model='));
  return onCommandLine || comparisonId !== null ? model : null;
}

function positiveInt(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null;
}

/** The parts of a stored selection that decide which cases ran (older records may lack some). */
export type StoredSelection = Partial<
  Pick<RunSelection, 'filter' | 'filters' | 'grep' | 'exclude' | 'last_failed' | 'limit' | 'shard'>
>;

/** The selection of a record's metadata; null when the record has none (written before selections were kept). */
export function normalizeSelection(selection: StoredSelection | null | undefined): RunSelectionView | null {
  if (selection === null || selection === undefined) return null;
  const single = selection.filter ?? null;
  const filters = selection.filters ?? (single === null ? [] : [single]);
  const lastFailed = selection.last_failed ?? null;
  const index = positiveInt(selection.shard?.index);
  const total = positiveInt(selection.shard?.total);
  return {
    filters,
    grep: selection.grep ?? null,
    exclude: selection.exclude ?? [],
    last_failed: lastFailed === null ? null : { run_id: lastFailed.run_id, cases: lastFailed.names.length },
    limit: positiveInt(selection.limit),
    shard: index === null || total === null ? null : { index, total },
  };
}

const quoted = (items: readonly string[]): string => items.map((item) => JSON.stringify(item)).join(', ');

/** The selection in a few words, for people: `all test cases`, `filter "a*", "b*" · grep /x/ · shard 1/3`. */
export function selectionLabel(selection: RunSelectionView | null): string {
  if (selection === null) return 'selection not recorded';
  const parts: string[] = [];
  if (selection.filters.length > 0) parts.push(`filter ${quoted(selection.filters)}`);
  if (selection.grep !== null) parts.push(`grep /${selection.grep}/`);
  if (selection.exclude.length > 0) parts.push(`exclude ${quoted(selection.exclude)}`);
  if (selection.last_failed !== null) parts.push('last failed');
  if (selection.limit !== null) parts.push(`limit ${selection.limit}`);
  if (selection.shard !== null) parts.push(`shard ${selection.shard.index}/${selection.shard.total}`);
  return parts.length === 0 ? 'all test cases' : parts.join(' · ');
}

/**
 * What makes two selections the same history. Pattern order does not matter (a case matches any filter and
 * no exclude); which cases a `--last-failed` run retried changes every time, so only the fact counts.
 */
function selectionKey(selection: RunSelectionView | null): unknown {
  if (selection === null) return null;
  return [
    [...selection.filters].sort(),
    selection.grep,
    [...selection.exclude].sort(),
    selection.last_failed !== null,
    selection.limit,
    selection.shard === null ? null : `${selection.shard.index}/${selection.shard.total}`,
  ];
}

/** The folders a config path is shown relative to (the nearest that holds it): the project, and the cwd. */
export function configBases(resultsDir: string, cwd: string = process.cwd()): string[] {
  return [dirname(resolve(resultsDir)), resolve(cwd)];
}

/**
 * The config file as people name it: relative to the nearest base folder that holds it (`agent.yaml`,
 * `evals/agent.yaml`), else as recorded (a run made on another machine, or outside the project). The nearest
 * base wins, so a results folder kept in /tmp does not turn every label into a path from /tmp.
 */
export function configLabel(configPath: string, bases: readonly string[]): string {
  if (configPath === '' || !isAbsolute(configPath)) return configPath;
  let best: string | null = null;
  for (const base of bases) {
    const inside = relative(base, configPath);
    if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) continue;
    const label = inside.split(sep).join('/');
    if (best === null || label.split('/').length < best.split('/').length) best = label;
  }
  return best ?? configPath;
}

/**
 * The group of a run. Without a recorded config path (an unreadable file, a very old record) the run's agent
 * folder stands in for it, so such runs still form a history of their own.
 */
export function runGroup(
  configPath: string,
  selection: RunSelectionView | null,
  agentSlug: string,
  bases: readonly string[],
  model: GroupModel | null = null,
): RunGroup {
  const identity = configPath === '' ? `agent:${agentSlug}` : `config:${configPath}`;
  const modelId = model === null ? null : `${model.provider}:${model.name}`;
  // Without a model the key is what it was before models split histories, so earlier runs stay together.
  const keyParts =
    modelId === null ? [identity, selectionKey(selection)] : [identity, selectionKey(selection), modelId];
  const key = createHash('sha256').update(JSON.stringify(keyParts)).digest('hex').slice(0, 12);
  const label = selectionLabel(selection);
  return {
    key,
    config_path: configPath,
    config_label: configLabel(configPath, bases),
    selection_label: modelId === null ? label : `${label} · model ${modelId}`,
  };
}
