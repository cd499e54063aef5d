import { describe, expect, it } from 'vitest';
import { runInfo } from '../../test/support/reporters/run-info.js';
import { multiCase, turn } from '../../test/support/runner/runner-fixtures.js';
import type { AgentConfig } from '../core/config-types.js';
import { createRedactor } from '../core/redactor.js';
import type { RunInfo } from '../core/reporter.js';
import { redactingReporter } from './redacting-reporter.js';

const SECRET = 'sk-live-7f3a9c2e41b8';
const redactor = createRedactor([{ name: 'OPENAI_API_KEY', value: SECRET }]);

function infoWithSecrets(): RunInfo {
  const config = {
    name: `agent ${SECRET}`,
    config_path: '/work/agent.yaml',
    model: { provider: 'openai', name: 'gpt-4o-mini', api_key: SECRET },
    test_cases: [
      multiCase('a', [turn(0, `say ${SECRET}`, { ground_truth: SECRET })]),
      multiCase('b', [turn(0, 'plain')], 1),
    ],
  } as unknown as AgentConfig;
  return runInfo({ config, run_id: `run ${SECRET}` });
}

describe('redactingReporter', () => {
  it('masks the run head at the start, and the test cases of its configuration when they are read', async () => {
    const seen: RunInfo[] = [];
    const reporter = redactingReporter({ onBegin: (info) => void seen.push(info) }, redactor);
    const info = infoWithSecrets();
    await reporter.onBegin?.(info);
    const masked = seen[0]!;
    expect(masked.run_id).toBe('run ***OPENAI_API_KEY');
    expect(masked.config.name).toBe('agent ***OPENAI_API_KEY');
    expect(masked.config.model).toMatchObject({ api_key: '***OPENAI_API_KEY' });
    expect(masked.config.test_cases[0]?.turns[0]).toMatchObject({
      input: 'say ***OPENAI_API_KEY',
      ground_truth: '***OPENAI_API_KEY',
    });
    // Read again, the same masked list; written out, no secret anywhere; the original is left as it was.
    expect(masked.config.test_cases).toBe(masked.config.test_cases);
    expect(JSON.stringify(masked)).not.toContain(SECRET);
    expect(Object.keys(masked.config)).toEqual(Object.keys(info.config));
    expect(info.config.test_cases[0]?.turns[0]?.input).toBe(`say ${SECRET}`);
  });

  it('masks the results of every later hook', async () => {
    const names: string[] = [];
    const reporter = redactingReporter({ onTestCaseBegin: (name) => void names.push(name) }, redactor);
    await reporter.onTestCaseBegin?.(`case ${SECRET}`, 0);
    expect(names).toEqual(['case ***OPENAI_API_KEY']);
  });

  it('hands the arguments on as they are when there is nothing to mask', () => {
    const inner = { onBegin: () => undefined };
    expect(redactingReporter(inner, createRedactor([]))).toBe(inner);
  });
});
