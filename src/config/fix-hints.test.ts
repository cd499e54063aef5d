/** The generic messages (out of range, blank, missing key, not a mapping) each say how to fix the value. */
import { describe, expect, it } from 'vitest';
import { at, formattedIssues, HEAD, loadYaml } from '../../test/support/config/fixtures/config-tree.js';

describe('fix hints of the generic messages', () => {
  it('give a time limit with its unit and a usual value, and the usual value of a count, not its bound', async () => {
    const yaml =
      `${HEAD}execution: { llm_timeout: 0, max_steps: 0, repeat: 2000, limit: 0 }\n` +
      'evaluations:\n  model: { provider: openai, name: j, max_tokens: 0 }\n' +
      '  metrics: [{ type: code, grader: "g.ts:grade", timeout_ms: 0 }]\n' +
      'test_cases: [{ name: a, input: q }]\n';
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, '0,')}  execution.llm_timeout\n  must be > 0, got 0 — give the time limit of one turn in seconds, above 0, e.g. llm_timeout: 60`,
      `${at(yaml, '0,', 2)}  execution.max_steps\n  must be >= 1, got 0 — give how many model calls one turn may make, 1 or more, e.g. max_steps: 10`,
      `${at(yaml, '2000')}  execution.repeat\n  must be <= 1000, got 2000 — give how many times each test case runs, at most 1000, e.g. repeat: 5`,
      `${at(yaml, '0 }')}  execution.limit\n  must be >= 1, got 0 — give how many of the first test cases run, 1 or more, e.g. limit: 100`,
      `${at(yaml, '0 }', 2)}  evaluations.model.max_tokens\n  must be >= 1, got 0 — give the most tokens one answer may have, 1 or more, e.g. max_tokens: 1000`,
      `${at(yaml, '0 }]')}  evaluations.metrics[0].timeout_ms\n  must be >= 1, got 0 — give the time limit in milliseconds, 1 or more, e.g. timeout_ms: 30000`,
    ]);
  });

  it('name the maximum when a number is above it, for each field with both bounds', async () => {
    const yaml =
      'name: demo\nmodel:\n  provider: ollama\n  name: llama3.2\n' +
      '  rate_limit: { requests_per_minute: 20000000, tokens_per_minute: 2000000000 }\n' +
      '  pricing: { input_per_mtok: 20000, output_per_mtok: 1 }\n' +
      'execution: { llm_timeout: 99999999, max_steps: 1001, min_pass_rate: 2 }\n' +
      'evaluations:\n  metrics: [{ type: code, grader: "g.ts:grade", timeout_ms: 9999999999 }]\n' +
      'test_cases: [{ name: a, input: q }]\n';
    expect(formattedIssues(await loadYaml(yaml)).map((issue) => issue.split(' — ')[1])).toEqual([
      'give the requests allowed per minute, at most 10000000, e.g. requests_per_minute: 500',
      'give the tokens allowed per minute, at most 1000000000, e.g. tokens_per_minute: 200000',
      'give US dollars per million input tokens, at most 10000, e.g. input_per_mtok: 2.5',
      'give the time limit of one turn in seconds, at most 2147483, e.g. llm_timeout: 60',
      'give how many model calls one turn may make, at most 1000, e.g. max_steps: 10',
      'give the share of repeats that must pass, at most 1, e.g. min_pass_rate: 0.8',
      'give the time limit in milliseconds, at most 2147483647, e.g. timeout_ms: 30000',
    ]);
  });

  it('ask for a test case name, the key left out, and a test case written as a mapping', async () => {
    const yaml =
      `${HEAD}test_cases:\n  - input: "no name"\n  - { name: "  ", input: q }\n  - "just a string"\n` +
      '  - name: f\n    input: q\n    files: [{ type: csv }]\n';
    const CASE_NAME = 'give each test case a name of its own, e.g. name: cash-2009';
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, 'input: "no')}  test_cases[0] › name\n  missing required key \`name\` — ${CASE_NAME}`,
      `${at(yaml, '"  "')}  test_cases[1] › name\n  must not be blank — ${CASE_NAME}`,
      `${at(yaml, '"just')}  test_cases[2]\n  expected a mapping (key: value), got "just a string" — ` +
        'write each test case as keys and values, e.g. - { name: cash-2009, input: "What was the net cash in 2009?" }',
      `${at(yaml, '{ type')}  test_cases[3] "f" › files[0].path\n  missing required key \`path\` — add it, e.g. path: docs/report.pdf`,
    ]);
  });

  it('show the shape of a section written as a plain value', async () => {
    const yaml = 'name: demo\nmodel: openai\nexecution: fast\ntest_cases: [{ name: a, input: q }]\n';
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, 'openai')}  model\n  expected a mapping (key: value), got "openai" — e.g. model: { provider: openai, name: gpt-4o-mini }`,
      `${at(yaml, 'fast')}  execution\n  expected a mapping (key: value), got "fast" — e.g. execution: { llm_timeout: 60 }`,
    ]);
  });

  it('put an agent-level evaluations list, the shape of a case-level one, under metrics', async () => {
    const yaml = `${HEAD}evaluations:\n  - { type: standard, metric: rouge }\ntest_cases: [{ name: a, input: q }]\n`;
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, '- { type')}  evaluations\n  expected a mapping (key: value), got a list — at the agent level, the list ` +
        'goes under metrics: write evaluations: { metrics: [...] }, or metrics: indented below evaluations: with the list below it',
    ]);
  });
});
