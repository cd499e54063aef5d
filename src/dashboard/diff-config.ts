/** Differences between the metadata and configuration snapshots of two runs, as flat `path: a → b` lines. */
import type { JsonValue } from '../core/json.js';
import { maskConfigSnapshot } from '../core/mask-config-snapshot.js';
import type { RunMetadata } from './dashboard-types.js';
import { selectionLabel } from './run-group.js';

export interface ConfigDifference {
  readonly path: string;
  /** The value in run A (rendered as JSON), or null when A has no such field. */
  readonly a: string | null;
  readonly b: string | null;
}

export interface ConfigDiff {
  readonly differences: readonly ConfigDifference[];
  /** Differences left out beyond the limit. */
  readonly truncated: number;
}

export const MAX_DIFFERENCES = 200;
const MAX_DEPTH = 8;
const MAX_VALUE_CHARS = 2000;

function render(value: JsonValue): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length <= MAX_VALUE_CHARS ? text : `${text.slice(0, MAX_VALUE_CHARS - 1)}…`;
}

function flattenJson(value: JsonValue, path: string, depth: number, into: Map<string, string>): void {
  const key = path.slice(path.lastIndexOf('.') + 1);
  if (key === 'test_cases' && Array.isArray(value)) {
    into.set(path, `${value.length} test cases`);
  } else if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) {
    into.set(path, render(value));
  } else if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) {
      into.set(path, render(value));
      return;
    }
    // A list of objects is listed item by item, and counted at its own path, where a run with an empty list
    // shows `[]`: the other run's list reads as its size, not as absent.
    into.set(path, value.length === 1 ? '1 item' : `${value.length} items`);
    for (const [index, item] of value.entries()) flattenJson(item, `${path}[${index}]`, depth + 1, into);
  } else {
    const entries = Object.entries(value as { readonly [name: string]: JsonValue });
    if (entries.length === 0) into.set(path, '{}');
    for (const [name, item] of entries) flattenJson(item, `${path}.${name}`, depth + 1, into);
  }
}

export function flattenMetadata(metadata: RunMetadata): Map<string, string> {
  const flat = new Map<string, string>();
  const top: Array<[string, JsonValue]> = [
    ['model.provider', metadata.model?.provider ?? null],
    ['model.name', metadata.model?.name ?? null],
    ['backend', metadata.backend],
    ['git_commit', metadata.git_commit],
    ['holodeck_version', metadata.holodeck_version],
    ['node_version', metadata.node_version],
    ['cli_args', metadata.cli_args.join(' ')],
    ['selection', selectionLabel(metadata.selection)],
  ];
  for (const [path, value] of top) flat.set(path, render(value));
  // Credentials never show, even though records are redacted before they are written (mask-secret-fields.ts).
  if (metadata.config_snapshot !== null) flattenJson(maskConfigSnapshot(metadata.config_snapshot), 'config', 0, flat);
  return flat;
}

export function diffConfig(a: RunMetadata, b: RunMetadata): ConfigDiff {
  const flatA = flattenMetadata(a);
  const flatB = flattenMetadata(b);
  const paths = [...new Set([...flatA.keys(), ...flatB.keys()])];
  const differences: ConfigDifference[] = [];
  for (const path of paths) {
    const valueA = flatA.get(path) ?? null;
    const valueB = flatB.get(path) ?? null;
    if (valueA !== valueB) differences.push({ path, a: valueA, b: valueB });
  }
  return {
    differences: differences.slice(0, MAX_DIFFERENCES),
    truncated: Math.max(0, differences.length - MAX_DIFFERENCES),
  };
}
