import { describe, expect, it } from 'vitest';
import type { StandardMetricConfig } from '../core/config-types.js';
import type { EvaluationInput } from '../core/evaluator.js';
import { compileLinearRegex } from '../matchers/linear-regex.js';
import { loadAllEvaluators } from './load-evaluators.js';
import { parseJsonAnswer } from './parse-json-answer.js';

const createEvaluator = await loadAllEvaluators();

function input(agent_response: string): EvaluationInput {
  return {
    test_case_name: 't',
    turn_index: 0,
    turn_input: 'q',
    agent_response,
    ground_truth: null,
    retrieval_context: null,
    tool_invocations: [],
    turn_config: {},
    turn: {},
    earlier_turns: [],
    signal: new AbortController().signal,
  };
}

const base = { type: 'standard', enabled: true, threshold: null } as const;

async function run(config: StandardMetricConfig, answer: string) {
  const evaluator = createEvaluator(config, { judge: null });
  expect(evaluator.requires_ground_truth).toBe(false);
  return evaluator.evaluate(input(answer));
}

function regexConfig(pattern: string, case_sensitive = true): StandardMetricConfig {
  const compiled = compileLinearRegex(pattern, { case_insensitive: !case_sensitive });
  if (!compiled.ok) throw new Error(compiled.reason);
  return { ...base, name: 'regex', metric: 'regex', pattern, case_sensitive, regex: compiled.regex };
}

describe('contains / not_contains', () => {
  const contains = (values: string[], case_sensitive = true): StandardMetricConfig => ({
    ...base,
    name: 'contains',
    metric: 'contains',
    values,
    case_sensitive,
  });
  const notContains = (values: string[], case_sensitive = true): StandardMetricConfig => ({
    ...base,
    name: 'not_contains',
    metric: 'not_contains',
    values,
    case_sensitive,
  });

  it('contains passes only when every value appears', async () => {
    expect(await run(contains(['cash', '2009']), 'net cash in 2009')).toMatchObject({
      score: 1,
      passed: true,
      reasoning: 'the answer contains "cash", "2009"',
    });
    expect(await run(contains(['cash', '2008']), 'net cash in 2009')).toMatchObject({
      score: 0,
      passed: false,
      reasoning: 'the answer lacks "2008"',
    });
  });

  it('is case-sensitive by default, and not when asked', async () => {
    expect((await run(contains(['Cash']), 'net cash')).passed).toBe(false);
    expect((await run(contains(['Cash'], false), 'net CASH')).reasoning).toBe(
      'the answer contains "Cash" (ignoring case)',
    );
  });

  it('not_contains fails on the first offending value, quoting where it is', async () => {
    expect((await run(notContains(['sorry']), 'all good')).passed).toBe(true);
    const failed = await run(notContains(['error', 'sorry'], false), 'I am SORRY, there was an Error');
    expect(failed).toMatchObject({ score: 0, passed: false });
    expect(failed.reasoning).toBe(
      'the answer contains "error", "sorry" (ignoring case), first at offset 25: …"I am SORRY, there was an Error"…',
    );
  });

  it('compares composed and decomposed letters alike, and folds ß when ignoring case', async () => {
    expect((await run(notContains(['café']), 'a cafe\u0301 nearby')).passed).toBe(false);
    expect((await run(contains(['cafe\u0301']), 'a café nearby')).passed).toBe(true);
    expect((await run(notContains(['straße'], false), 'HAUPTSTRASSE 1')).passed).toBe(false);
    expect((await run(notContains(['straße']), 'HAUPTSTRASSE 1')).passed).toBe(true);
  });
});

describe('regex', () => {
  it('searches anywhere in the answer; ^ and $ anchor to the whole answer', async () => {
    expect((await run(regexConfig('\\d{4}'), 'in 2009, cash')).passed).toBe(true);
    expect((await run(regexConfig('^\\d{4}$'), 'in 2009')).passed).toBe(false);
    expect((await run(regexConfig('NET', false), 'net cash')).reasoning).toBe('the answer matches /NET/i');
    expect((await run(regexConfig('NET'), 'net cash')).reasoning).toBe('no match for /NET/ in the answer "net cash"');
  });

  it('matches a composed letter in the pattern against a decomposed one in the answer', async () => {
    expect((await run(regexConfig('^café$'), 'cafe\u0301')).passed).toBe(true);
  });

  it('answers a catastrophic-backtracking pattern on 100 KB of hostile text, correctly', async () => {
    const hostile = `${'a'.repeat(100_000)}!`;
    expect((await run(regexConfig('^(a+)+$'), hostile)).passed).toBe(false);
    expect((await run(regexConfig('^(\\w+\\s?)*$'), hostile)).passed).toBe(false);
    expect((await run(regexConfig('(a+)+!'), hostile)).passed).toBe(true);
  });
});

describe('parseJsonAnswer and is_json', () => {
  it('parses the trimmed answer, or the content of one fenced block that is the whole answer', () => {
    expect(parseJsonAnswer('  {"a": 1}\n')).toEqual({ ok: true, value: { a: 1 }, fenced: false });
    expect(parseJsonAnswer('```json\n[1, 2]\n```')).toEqual({ ok: true, value: [1, 2], fenced: true });
    expect(parseJsonAnswer('```\n"x"\n```')).toEqual({ ok: true, value: 'x', fenced: true });
    expect(parseJsonAnswer('')).toEqual({ ok: false, reason: 'the answer is empty' });
    const prose = parseJsonAnswer('Here it is:\n```json\n{"a": 1}\n```');
    expect(prose.ok).toBe(false);
    expect(!prose.ok && prose.reason).toMatch(/^the answer is not JSON: /);
    const badFence = parseJsonAnswer('```json\n{a: 1}\n```');
    expect(!badFence.ok && badFence.reason).toMatch(/^the fenced block of the answer is not JSON: /);
  });

  it('is_json scores 1 or 0 with the reason', async () => {
    const isJson: StandardMetricConfig = { ...base, name: 'is_json', metric: 'is_json' };
    expect(await run(isJson, '42')).toMatchObject({
      score: 1,
      passed: true,
      reasoning: 'the answer is JSON (a number)',
    });
    expect(await run(isJson, 'forty-two')).toMatchObject({ score: 0, passed: false });
  });
});
