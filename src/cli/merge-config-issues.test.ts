import { describe, expect, it } from 'vitest';
import { ISSUE } from '../config/issue-codes.js';
import type { ConfigIssue } from '../core/errors.js';
import { mergeConfigIssues } from './merge-config-issues.js';

const FILE = '/p/agent.yaml';

function issue(path: string, line: number, more: Partial<ConfigIssue> = {}): ConfigIssue {
  return {
    code: ISSUE.invalidValue,
    location: { file: FILE, line, column: 3 },
    test_case: null,
    path,
    message: `about ${path}`,
    hint: null,
    ...more,
  };
}

const inCase = (index: number, path: string, line: number, more: Partial<ConfigIssue> = {}) =>
  issue(path, line, { test_case: { name: `c${index}`, index }, ...more });

describe('mergeConfigIssues', () => {
  it('puts the later checks among the earlier issues in file order', () => {
    const merged = mergeConfigIssues(
      [issue('execution.llm_timeout', 4), inCase(1, 'evaluations[0].grader', 7)],
      [issue('model', 2, { code: ISSUE.apiKeyMissing }), inCase(0, 'ground_truth', 6)],
      FILE,
    );
    expect(merged.map((found) => found.location?.line)).toEqual([2, 4, 6, 7]);
  });

  it('leaves out a later issue at, inside or around a place already refused, and one said twice', () => {
    const earlier = [issue('model.api_key', 2, { code: ISSUE.envMissing })];
    const later = [issue('model.api_key', 2, { code: ISSUE.apiKeyMissing }), issue('model', 2), issue('x', 9)];
    expect(mergeConfigIssues(earlier, [...later, issue('x', 9)], FILE).map((found) => found.path)).toEqual([
      'model.api_key',
      'x',
    ]);
  });

  it('says no model is configured only where no model block was refused', () => {
    const missing = issue('evaluations.metrics[0]', 5, { code: ISSUE.missingKey });
    expect(mergeConfigIssues([issue('model.temperature', 2)], [missing], FILE)).toHaveLength(1);
    expect(mergeConfigIssues([issue('tools[0].file', 2)], [missing], FILE)).toHaveLength(2);
  });

  it('leaves out what the default backend needs of the model where the backend written was refused', () => {
    const needs = issue('model', 1, { code: ISSUE.missingKey, message: 'backend ai_sdk needs a model' });
    expect(mergeConfigIssues([issue('backend.module', 2)], [needs], FILE)).toHaveLength(1);
    expect(mergeConfigIssues([issue('backend.extra', 2)], [needs], FILE)).toHaveLength(1);
    expect(mergeConfigIssues([issue('tools[0].file', 2)], [needs], FILE)).toHaveLength(2);
  });

  it('leaves out a ground truth whose metrics were refused, in its test case or at the agent level', () => {
    const truth = inCase(0, 'ground_truth', 6);
    expect(mergeConfigIssues([inCase(0, 'evaluations[0].grader', 6)], [truth], FILE)).toHaveLength(1);
    expect(mergeConfigIssues([issue('evaluations.metrics[0]', 3)], [truth], FILE)).toHaveLength(1);
    expect(mergeConfigIssues([inCase(1, 'evaluations[0].grader', 7)], [truth], FILE)).toHaveLength(2);
  });
});
