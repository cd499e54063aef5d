/**
 * The project the cost tests run: an agent on gpt-4o-mini and a G-Eval judge on gpt-4o, against a fake OpenAI
 * server that reports fixed token usage, so every cost is known in advance.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from '../../src/core/results.js';
import type { FakeReply, FakeRequest, FakeUsage } from '../fakes/fake-script.js';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

/** gpt-4o-mini list price: 800 × $0.15 + 200 cached × $0.075 + 100 × $0.60 per million = $0.000195. */
export const AGENT_USAGE: FakeUsage = { prompt_tokens: 1000, completion_tokens: 100, cache_read_tokens: 200 };
/** gpt-4o list price: 400 × $2.50 + 50 × $10 per million = $0.0015. */
export const JUDGE_USAGE: FakeUsage = { prompt_tokens: 400, completion_tokens: 50 };

const isJudge = (request: FakeRequest) => request.body['response_format'] !== undefined;

export function reply(request: FakeRequest): FakeReply {
  if (isJudge(request)) return { kind: 'answer', text: '{"reasoning":"fine","score":9}', usage: JUDGE_USAGE };
  return { kind: 'answer', text: '42', usage: AGENT_USAGE };
}

export interface ModelSpec {
  readonly provider: 'openai' | 'openai_compatible';
  readonly name: string;
  readonly pricing?: string;
}

function model(url: string, spec: ModelSpec, indent = '  '): string {
  const lines = [`provider: ${spec.provider}`, `name: ${spec.name}`, `endpoint: ${url}/v1`, 'api_key: sk-test-1'];
  if (spec.pricing !== undefined) lines.push(`pricing: ${spec.pricing}`);
  return lines.map((line) => `${indent}${line}`).join('\n');
}

const GEVAL = '{ type: geval, name: tone, criteria: "Polite.", evaluation_steps: ["Check the tone."] }';

export function agentYaml(url: string, agent: ModelSpec, judge: ModelSpec | null, cases: string): string {
  const evaluations =
    judge === null ? '' : `evaluations:\n  model:\n${model(url, judge, '    ')}\n  metrics: [${GEVAL}]\n`;
  return `name: costs\nmodel:\n${model(url, agent)}\n${evaluations}test_cases:\n${cases}`;
}

export const TWO_CASES = `  - { name: one, input: q1, ground_truth: "42" }
  - name: two
    turns:
      - { input: q2, ground_truth: "42" }
      - { input: q3, ground_truth: "42" }
`;

export const MINI: ModelSpec = { provider: 'openai', name: 'gpt-4o-mini' };
export const GPT4O: ModelSpec = { provider: 'openai', name: 'gpt-4o' };
export const HOUSE: ModelSpec = { provider: 'openai_compatible', name: 'house-model' };

export async function runProject(yaml: string, args: string[] = []) {
  const dir = await writeProject({ 'agent.yaml': yaml });
  const json = join(dir, 'report.json');
  const md = join(dir, 'report.md');
  const run = await runCli(['test', dir, '--output', json, '--output', md, ...args]);
  const report = JSON.parse(await readFile(json, 'utf8')) as RunReport;
  return { dir, run, report, markdown: await readFile(md, 'utf8') };
}

export const FOUR_CASES = ['a', 'b', 'c', 'd']
  .map((name) => `  - { name: ${name}, input: q, ground_truth: "42" }`)
  .join('\n');
