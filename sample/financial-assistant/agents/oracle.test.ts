/**
 * The benchmark checks itself: on every turn of the dev split, the oracle (driven through recording tool
 * callables, as the module backend drives it) must satisfy the converter's expected_tools, pass the
 * turn_program_equivalence grader, and match ground_truth under the numeric tolerance of agent.yaml.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { GraderContext, ModuleAgentSession, ToolDefinition, ToolInvocation } from '../../../src/index.js';
import { turnProgramEquivalence } from '../graders/turn_program_equivalence.js';
import { convertDataset } from '../lib/convert-dataset.js';
import { DEFAULT_GRADER, type TestCaseEntry, type TurnEntry } from '../lib/convert-record.js';
import { DocumentIndex, documentsFromTestCases } from '../lib/document-index.js';
import { loadDevDataset } from '../test-support/dev-split.js';
import { recordingTools } from '../test-support/recording-tools.js';
import { fuzzyMatches, type NumericOptions, numericPasses } from '../test-support/spec-rules.js';
import * as arithmetic from '../tools/arithmetic.js';
import { createLookupTool, lookup } from '../tools/lookup.js';
import { createOracle } from './oracle.js';

function readConfig(name: string): { evaluations: { metrics: Array<Record<string, unknown>> } } {
  return parse(readFileSync(fileURLToPath(new URL(`../${name}`, import.meta.url)), 'utf8'));
}

function numericOptions(): NumericOptions {
  const metric = readConfig('agent.yaml').evaluations.metrics.find((entry) => entry['metric'] === 'numeric');
  if (metric === undefined) throw new Error('agent.yaml has no numeric metric');
  return {
    absolute_tolerance: Number(metric['absolute_tolerance'] ?? 1e-6),
    relative_tolerance: Number(metric['relative_tolerance'] ?? 0),
    accept_percent: metric['accept_percent'] === true,
    accept_thousands_separators: metric['accept_thousands_separators'] === true,
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function unmetExpectations(turn: TurnEntry, calls: readonly ToolInvocation[]): string[] {
  return (turn.expected_tools ?? []).flatMap((expected) => {
    const satisfying = calls.filter(
      (call) =>
        call.name.includes(expected.name) &&
        (expected.args.a === undefined || fuzzyMatches(expected.args.a.fuzzy, call.args['a'])) &&
        (expected.args.b === undefined || fuzzyMatches(expected.args.b.fuzzy, call.args['b'])),
    );
    return satisfying.length >= (expected.count ?? 1) ? [] : [`expected_tools ${JSON.stringify(expected)} not met`];
  });
}

interface TurnCheck {
  readonly failures: string[];
  readonly lookups: number;
}

async function checkCase(
  testCase: TestCaseEntry,
  tools: ReturnType<typeof recordingTools>,
  options: NumericOptions,
): Promise<TurnCheck> {
  const failures: string[] = [];
  const session: ModuleAgentSession = await createOracle({
    test_case_name: testCase.name,
    agent_name: 'financial-assistant-oracle',
    instructions: '',
    tools: tools.tools,
  });
  let lookups = 0;
  for (const [index, turn] of testCase.turns.entries()) {
    const before = tools.invocations.length;
    const turnConfig = deepFreeze(structuredClone(turn.turn_config));
    const sent = await session.send({
      turn_index: index,
      input: turn.input,
      files: [],
      turn_config: turnConfig,
      signal: new AbortController().signal,
    });
    const response = typeof sent === 'string' ? sent : sent.response;
    const calls = tools.invocations.slice(before);
    lookups += calls.filter((call) => call.name === 'lookup').length;
    const context: GraderContext = deepFreeze({
      turn_input: turn.input,
      agent_response: response,
      ground_truth: turn.ground_truth,
      tool_invocations: calls,
      retrieval_context: null,
      turn_index: index,
      test_case_name: testCase.name,
      turn_config: turnConfig,
      turn: structuredClone(turn) as unknown as Record<string, unknown>,
      earlier_turns: [],
    });
    const graded = turnProgramEquivalence(context);
    const answered = /^(yes|no)$/.test(turn.ground_truth)
      ? response === turn.ground_truth
      : numericPasses(response, turn.ground_truth, options);
    const problems = [
      ...calls.filter((call) => call.error !== null).map((call) => `tool error: ${call.error}`),
      ...(graded.passed === true && graded.score === 1 ? [] : [`grader: ${graded.reason}`]),
      ...(answered ? [] : [`answer ${response} vs ground_truth ${turn.ground_truth}`]),
      ...unmetExpectations(turn, calls),
    ];
    for (const problem of problems) failures.push(`${testCase.name} turn ${index}: ${problem}`);
  }
  return { failures, lookups };
}

async function runOracle(
  testCases: readonly TestCaseEntry[],
  definitions: Readonly<Record<string, ToolDefinition>>,
): Promise<{ failures: string[]; turns: number; lookups: number }> {
  const options = numericOptions();
  const failures: string[] = [];
  let turns = 0;
  let lookups = 0;
  for (const testCase of testCases) {
    const check = await checkCase(testCase, recordingTools(definitions), options);
    failures.push(...check.failures);
    lookups += check.lookups;
    turns += testCase.turns.length;
  }
  return { failures, turns, lookups };
}

describe('the oracle', () => {
  it('passes the expected tools, the grader and the numeric metric on all 1490 dev turns', async () => {
    const converted = convertDataset(loadDevDataset(), {
      split: 'dev',
      first: null,
      ids: null,
      grader: DEFAULT_GRADER,
    });
    if (!converted.ok) throw new Error(converted.errors.join('\n'));
    const testCases: TestCaseEntry[] = JSON.parse(JSON.stringify(converted.test_cases));
    const index = new DocumentIndex(documentsFromTestCases({ test_cases: testCases }));
    const result = await runOracle(testCases, { ...arithmetic, lookup: createLookupTool(async () => index) });
    expect(result.failures).toEqual([]);
    expect(result.turns).toBe(1490);
    expect(result.lookups).toBeGreaterThan(1000);
  });

  it('passes every turn of the committed subset with the tools as configured', async () => {
    const subset = JSON.parse(
      readFileSync(fileURLToPath(new URL('../data/convfinqa_subset.json', import.meta.url)), 'utf8'),
    );
    const result = await runOracle(subset.test_cases, { ...arithmetic, lookup });
    expect(result.failures).toEqual([]);
    expect(result.turns).toBe(40);
    expect(result.lookups).toBeGreaterThan(20);
  });

  it('fails a turn whose reference program is missing, naming the field', async () => {
    const session = await createOracle({ test_case_name: 'x', agent_name: 'x', instructions: '', tools: {} });
    const turn = { turn_index: 0, input: 'q', files: [], turn_config: {}, signal: new AbortController().signal };
    await expect(Promise.resolve(session.send(turn))).rejects.toThrow('turn_config.turn_program');
  });

  it('refuses a lookup that does not return the number of the program', async () => {
    const table = { '2009': { revenue: 5 } };
    const tools = { lookup: async () => 6, add: async () => 7 };
    const session = await createOracle({ test_case_name: 'd', agent_name: 'x', instructions: '', tools });
    const turn = {
      turn_index: 0,
      input: 'q',
      files: [],
      turn_config: { turn_program: 'add(5, 2)', document_id: 'd', table },
      signal: new AbortController().signal,
    };
    await expect(Promise.resolve(session.send(turn))).rejects.toThrow('lookup(revenue / 2009) returned 6, expected 5');
  });

  it('refuses a tool result that is not a number, and a yes/no result used as a number', async () => {
    const session = await createOracle({
      test_case_name: 'd',
      agent_name: 'x',
      instructions: '',
      tools: { add: async () => 'seven' },
    });
    const signal = new AbortController().signal;
    const send = (program: string) =>
      Promise.resolve(
        session.send({ turn_index: 0, input: 'q', files: [], turn_config: { turn_program: program }, signal }),
      );
    await expect(send('add(5, 2)')).rejects.toThrow('add returned "seven", not a number');
    await expect(send('greater(2, 1), add(#0, 1)')).rejects.toThrow('is a yes/no result');
  });

  it('asks for a tool that is not configured', async () => {
    const session = await createOracle({ test_case_name: 'x', agent_name: 'x', instructions: '', tools: {} });
    const turn = {
      turn_index: 0,
      input: 'q',
      files: [],
      turn_config: { turn_program: 'add(1, 2)' },
      signal: new AbortController().signal,
    };
    await expect(Promise.resolve(session.send(turn))).rejects.toThrow('the oracle needs the "add" tool');
  });
});

describe('the configurations', () => {
  it('gives oracle.yaml the metrics, tools and test cases of agent.yaml', () => {
    const agent = readConfig('agent.yaml') as unknown as Record<string, unknown>;
    const oracle = readConfig('oracle.yaml') as unknown as Record<string, unknown>;
    for (const key of ['evaluations', 'tools', 'test_cases_file', 'instructions', 'execution']) {
      expect(oracle[key], key).toEqual(agent[key]);
    }
    expect(oracle['backend']).toEqual({ module: 'agents/oracle.ts:createOracle' });
  });

  it('uses a tolerance that separates an exact answer from a wrong operand', () => {
    const options = numericOptions();
    expect(numericPasses(String(25587 / 181001), '0.14136', options)).toBe(true);
    expect(numericPasses('14.14%', '0.14136', options)).toBe(true);
    expect(numericPasses(String(25587 / 180000), '0.14136', options)).toBe(false);
  });
});
