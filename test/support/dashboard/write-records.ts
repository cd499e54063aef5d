/** Writes run records (and in-progress logs) in the format of the run-record reporter, for dashboard tests. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonValue } from '../../../src/core/json.js';
import type { RunState } from '../../../src/core/reporter.js';
import type { TestResult } from '../../../src/core/results.js';
import { summarizeResults } from '../../../src/dashboard/summarize-results.js';
import { conversationCase, singleCase } from './sample-results.js';

export interface RunSpec {
  readonly agentName?: string;
  /** ISO time; also names the file (`2026-12-02T12-30-05-123Z.json`). */
  readonly startedAt: string;
  readonly results: readonly TestResult[];
  readonly state?: RunState;
  readonly model?: { readonly provider: string; readonly name: string };
  readonly backend?: string;
  readonly gitCommit?: string | null;
  readonly configSnapshot?: JsonValue;
  readonly cliArgs?: readonly string[];
  /** `report.agent_config_path`; by default `/work/sample/<agent-slug>/agent.yaml`. */
  readonly configPath?: string;
  /**
   * `metadata.selection`, as `holodeck test` writes it (see selectionOf); by default every test case. null
   * leaves it out, as records written before selections were kept.
   */
  readonly selection?: JsonValue | null;
  /** `metadata.comparison_id`: the runs of one model matrix share it. */
  readonly comparisonId?: string;
  /** `report.interrupted` of an interrupted run. */
  readonly interrupted?: { readonly selected_tests: number; readonly not_run: number };
  /** `metadata.execution`: the run's settings (`repeat`, `min_pass_rate`…), as `holodeck test` keeps them. */
  readonly execution?: JsonValue;
}

/** A stored selection: every test case unless `fields` say otherwise (filters, grep, exclude, limit, shard…). */
export function selectionOf(suiteCases: number, fields: Record<string, JsonValue> = {}): JsonValue {
  const filters = fields['filters'];
  return {
    filter: Array.isArray(filters) && filters.length === 1 ? (filters[0] ?? null) : null,
    filters: [],
    grep: null,
    exclude: [],
    last_failed: null,
    limit: null,
    shard: null,
    suite_cases: suiteCases,
    suite_fingerprint: '0123456789abcdef',
    ...fields,
  };
}

export function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'agent'
  );
}

export function fileStamp(iso: string): string {
  return new Date(iso).toISOString().replace(/[:.]/g, '-');
}

export function sampleConfig(model: { provider: string; name: string }, caseNames: readonly string[]): JsonValue {
  return {
    name: 'financial-assistant',
    model: { ...model, endpoint: null, api_key: '***', temperature: 0, max_tokens: 1024 },
    backend: { type: 'ai_sdk' },
    instructions: 'You are a financial analyst. Use the tools for every lookup and every calculation.',
    tools: ['lookup', 'add', 'subtract', 'multiply', 'divide'].map((name) => ({ type: 'function', name })),
    evaluations: { model: null, metrics: [{ type: 'standard', metric: 'numeric', name: 'numeric', threshold: null }] },
    execution: { llm_timeout: 60, parallel_test_cases: 4, max_retries: 3 },
    test_cases: caseNames.map((name) => ({ name })),
  };
}

export function recordOf(spec: RunSpec): Record<string, JsonValue> {
  const agentName = spec.agentName ?? 'financial-assistant';
  const model = spec.model ?? { provider: 'ollama', name: 'qwen3:8b' };
  const duration = spec.results.reduce((sum, result) => sum + result.execution_time_ms, 0);
  const finishedAt = new Date(Date.parse(spec.startedAt) + duration).toISOString();
  const report = {
    agent_name: agentName,
    agent_config_path: spec.configPath ?? `/work/sample/${slugOf(agentName)}/agent.yaml`,
    timestamp: spec.startedAt,
    holodeck_version: '0.1.0',
    summary: summarizeResults(spec.results, duration),
    ...(spec.interrupted === undefined ? {} : { interrupted: spec.interrupted }),
    results: spec.results,
  };
  return {
    record_version: 2,
    run_id: `00000000-0000-4000-8000-${String(Date.parse(spec.startedAt) % 1e12).padStart(12, '0')}`,
    state: spec.state ?? 'completed',
    metadata: {
      cli_args: [...(spec.cliArgs ?? ['test', 'agent.yaml', '-j', '4'])],
      config_snapshot:
        spec.configSnapshot ??
        sampleConfig(
          model,
          spec.results.map((r) => r.test_name),
        ),
      git_commit: spec.gitCommit === undefined ? '3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39' : spec.gitCommit,
      holodeck_version: '0.1.0',
      node_version: 'v20.19.0',
      backend: spec.backend ?? 'ai_sdk',
      model,
      started_at: spec.startedAt,
      finished_at: finishedAt,
      ...(spec.selection === null ? {} : { selection: spec.selection ?? selectionOf(spec.results.length) }),
      ...(spec.comparisonId === undefined ? {} : { comparison_id: spec.comparisonId }),
      ...(spec.execution === undefined ? {} : { execution: spec.execution }),
    },
    report: report as unknown as JsonValue,
  };
}

/** Writes `<dir>/<slug>/<stamp>.json`, pretty-printed as the reporter does, and returns the run id. */
export function writeRun(resultsDir: string, spec: RunSpec): Promise<string> {
  return writeText(resultsDir, spec, `${JSON.stringify(recordOf(spec), null, 2)}\n`);
}

/** Writes an in-progress log (one TestResult per line) and returns the run id. */
export async function writePartialRun(resultsDir: string, spec: RunSpec): Promise<string> {
  const slug = slugOf(spec.agentName ?? 'financial-assistant');
  const stamp = fileStamp(spec.startedAt);
  await mkdir(join(resultsDir, slug), { recursive: true });
  const lines = spec.results.map((result) => `${JSON.stringify(result)}\n`).join('');
  await writeFile(join(resultsDir, slug, `${stamp}.partial.jsonl`), lines);
  return `${slug}/${stamp}`;
}

/**
 * `runs` records of `casesPerRun` cases each (one in ten a two-turn conversation), for scale tests. Each run
 * fails a different set of cases so pass rates vary. A few case objects are shared by every entry and renamed
 * in the JSON text, so writing a large folder stays fast.
 */
export async function writeScaleFolder(
  resultsDir: string,
  runs: number,
  casesPerRun: number,
): Promise<{ readonly bytes: number; readonly ids: readonly string[] }> {
  const placeholder = '@CASE@';
  const conversation = [
    conversationCase(placeholder, { turns: 2, compact: true }),
    conversationCase(placeholder, { turns: 2, failTurn: 1, compact: true }),
  ];
  const single = [singleCase(placeholder, true), singleCase(placeholder, false)];
  const pick = (i: number, fails: boolean): TestResult => {
    const [pass, fail] = i % 10 === 0 ? conversation : single;
    return (fails ? fail : pass) ?? singleCase(placeholder, !fails);
  };
  const names = Array.from({ length: casesPerRun }, (_, i) => `case-${String(i).padStart(5, '0')}`);
  const model = { provider: 'ollama', name: 'qwen3:8b' };
  let bytes = 0;
  const ids: string[] = [];
  for (let run = 0; run < runs; run += 1) {
    const startedAt = new Date(Date.UTC(2026, 0, 1) + run * 3_600_000).toISOString();
    const results = names.map((_, i) => pick(i, (i + run) % (5 + (run % 13)) === 0));
    const spec = { agentName: 'scale-agent', startedAt, results, configSnapshot: sampleConfig(model, names), model };
    let next = 0;
    const text = JSON.stringify(recordOf(spec)).replace(
      /"test_name":"@CASE@"/g,
      () => `"test_name":${JSON.stringify(names[next++] ?? placeholder)}`,
    );
    const id = await writeText(resultsDir, spec, text);
    bytes += text.length;
    ids.push(id);
  }
  return { bytes, ids };
}

async function writeText(resultsDir: string, spec: RunSpec, text: string): Promise<string> {
  const slug = slugOf(spec.agentName ?? 'financial-assistant');
  const stamp = fileStamp(spec.startedAt);
  await mkdir(join(resultsDir, slug), { recursive: true });
  await writeFile(join(resultsDir, slug, `${stamp}.json`), text);
  return `${slug}/${stamp}`;
}
