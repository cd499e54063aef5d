/** The generic messages (out of range, blank, missing key, not a mapping) each say how to fix the value. */
import { describe, expect, it } from 'vitest';
import { at, formattedIssues, HEAD, loadYaml } from '../../test/support/config/fixtures/config-tree.js';

describe('fix hints of the generic messages', () => {
  it('give a time limit with its unit and a usual value, and any other bound as an example', async () => {
    const yaml =
      `${HEAD}execution: { llm_timeout: 0, max_steps: 0, repeat: 2000 }\n` +
      'evaluations:\n  metrics: [{ type: code, grader: "g.ts:grade", timeout_ms: 0 }]\n' +
      'test_cases: [{ name: a, input: q }]\n';
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, '0,')}  execution.llm_timeout\n  must be > 0, got 0 — give the time limit of one turn in seconds, above 0, e.g. llm_timeout: 60`,
      `${at(yaml, '0,', 2)}  execution.max_steps\n  must be >= 1, got 0 — e.g. max_steps: 1`,
      `${at(yaml, '2000')}  execution.repeat\n  must be <= 1000, got 2000 — e.g. repeat: 1000`,
      `${at(yaml, '0 }]')}  evaluations.metrics[0].timeout_ms\n  must be >= 1, got 0 — give the time limit in milliseconds, e.g. timeout_ms: 30000`,
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
});
