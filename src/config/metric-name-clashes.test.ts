import { describe, expect, it } from 'vitest';
import { at, expectConfig, formattedIssues, HEAD, loadYaml } from '../../test/support/config/fixtures/config-tree.js';

const GRADERS = 'export const check = () => ({ score: 1 });\nexport const other = () => ({ score: 0 });\n';
const TAIL =
  ': give one of them another name — a test case reports one result per metric name over its turns, so metrics of different kinds cannot share one';

async function load(yaml: string) {
  return loadYaml(yaml, { 'graders.mjs': GRADERS });
}

describe('a metric name means one kind of metric within a test case', () => {
  it('refuses a name given to a standard metric on one turn and a code grader on another, at the second', async () => {
    const yaml =
      `${HEAD}test_cases:\n  - name: c\n    turns:\n` +
      '      - { input: q1, ground_truth: "5", evaluations: [{ type: standard, metric: numeric }] }\n' +
      '      - { input: q2, evaluations: [{ type: code, name: numeric, grader: "graders.mjs:check" }] }\n';
    expect(formattedIssues(await load(yaml))).toEqual([
      `${at(yaml, 'numeric, grader')}  test_cases[0] "c" › turns[1].evaluations[0].name\n` +
        `  metric name "numeric" is a standard numeric metric in turn 1 and a code grader (graders.mjs:check) in turn 2${TAIL}`,
    ]);
  });

  it('counts the agent-level metrics on the turns they apply to, and locates the clash in the test case', async () => {
    const yaml =
      `${HEAD}evaluations:\n  metrics: [{ type: standard, metric: equality, name: answer }]\n` +
      'test_cases:\n  - name: c\n    turns:\n' +
      '      - { input: q1, evaluations: [{ type: code, name: answer, grader: "graders.mjs:check" }] }\n' +
      '      - { input: q2, ground_truth: "5" }\n' +
      '  - name: d\n    input: q\n    ground_truth: "5"\n';
    expect(formattedIssues(await load(yaml))).toEqual([
      `${at(yaml, 'answer, grader')}  test_cases[0] "c" › turns[0].evaluations[0].name\n` +
        `  metric name "answer" is a code grader (graders.mjs:check) in turn 1 and a standard equality metric in turn 2${TAIL}`,
    ]);
  });

  it('refuses two graders under one name, and a test-case list clashing with a turn, once each', async () => {
    const yaml =
      `${HEAD}test_cases:\n  - name: c\n` +
      '    evaluations: [{ type: code, name: g, grader: "graders.mjs:check" }]\n    turns:\n' +
      '      - { input: q1 }\n' +
      '      - { input: q2, evaluations: [{ type: code, name: g, grader: "./graders.mjs:other" }] }\n' +
      '      - { input: q3 }\n';
    expect(formattedIssues(await load(yaml))).toEqual([
      `${at(yaml, 'g, grader: "./')}  test_cases[0] "c" › turns[1].evaluations[0].name\n` +
        `  metric name "g" is a code grader (graders.mjs:check) in turn 1 and a code grader (graders.mjs:other) in turn 2${TAIL}`,
    ]);
  });

  it('keeps one kind of metric under one name with other settings per turn, and names reused across cases', async () => {
    const yaml =
      `${HEAD}evaluations:\n  metrics: [{ type: standard, metric: numeric }]\n` +
      'test_cases:\n  - name: c\n    turns:\n' +
      '      - { input: q1, ground_truth: "5", evaluations: [{ type: standard, metric: numeric, absolute_tolerance: 0.1 }] }\n' +
      '      - { input: q2, ground_truth: "5" }\n' +
      '      - { input: q3, evaluations: [{ type: code, name: g, grader: "graders.mjs:check" }] }\n' +
      '      - { input: q4, evaluations: [{ type: code, name: g, grader: "./graders.mjs:check" }] }\n' +
      '  - name: d\n    input: q\n    evaluations: [{ type: code, name: numeric, grader: "graders.mjs:check" }]\n';
    const config = expectConfig(await load(yaml));
    expect(config.test_cases.map((testCase) => testCase.name)).toEqual(['c', 'd']);
  });
});
