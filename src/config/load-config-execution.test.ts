// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are part of the YAML under test
import { describe, expect, it } from 'vitest';
import {
  expectConfig,
  expectIssues,
  formattedIssues,
  loadYaml,
} from '../../test/support/config/fixtures/config-tree.js';

const CASES = 'test_cases: [{ name: t, input: q }]\n';

/** Every execution setting as a configuration without `execution:` or HOLODECK_* variables has it. */
const DEFAULT_EXECUTION = {
  llm_timeout: 60,
  parallel_test_cases: 1,
  max_retries: 3,
  max_steps: 10,
  limit: null,
  filter: null,
  results_dir: null,
  cache: false,
  redact: [],
  fail_on_tool_error: false,
  repeat: 1,
  min_pass_rate: 1,
  tool_name_match: 'substring',
  distinct_calls: false,
};

async function lines(yaml: string, env: Record<string, string> = {}): Promise<string[]> {
  return formattedIssues(await loadYaml(yaml, {}, env));
}

describe('execution and HOLODECK_* environment variables', () => {
  const head = 'name: a\nmodel: { provider: ollama, name: m }\n';

  it('defaults to 60 s, 1 test case at a time, 3 retries', async () => {
    expect(expectConfig(await loadYaml(`${head}${CASES}`)).execution).toEqual(DEFAULT_EXECUTION);
  });

  it('rejects timeouts longer than a timer can hold, located', async () => {
    const yaml = `${head}execution: { llm_timeout: 10000000 }\nevaluations:\n  metrics: [{ type: code, grader: "x.ts:y", timeout_ms: 3000000000 }]\n${CASES}`;
    const text = (await lines(yaml)).join('\n');
    expect(text).toMatch(/agent\.yaml:3:\d+ +execution\.llm_timeout\n.*2147483/);
    expect(text).toMatch(/agent\.yaml:5:\d+ +evaluations\.metrics\[0\]\.timeout_ms\n.*2147483647/);
  });

  it('takes every run option from the YAML, else from HOLODECK_<NAME>', async () => {
    const env = {
      HOLODECK_TIMEOUT: '9',
      HOLODECK_LIMIT: '2',
      HOLODECK_FILTER: 'JKHY',
      HOLODECK_RESULTS_DIR: '/tmp/runs',
    };
    expect(expectConfig(await loadYaml(`${head}${CASES}`, {}, env)).execution).toMatchObject({
      llm_timeout: 9,
      limit: 2,
      filter: 'JKHY',
      results_dir: '/tmp/runs',
    });
    const yaml = `${head}execution: { limit: 5, filter: "AES*", results_dir: runs }\n${CASES}`;
    const config = expectConfig(await loadYaml(yaml, {}, env));
    expect(config.execution).toMatchObject({ limit: 5, filter: 'AES*' });
    expect(config.execution.results_dir).toBe(`${config.base_dir}/runs`);
    const issues = await lines(`${head}${CASES}`, { HOLODECK_LIMIT: 'all' });
    expect(issues.join('\n')).toMatch(/HOLODECK_LIMIT="all" is invalid/);
  });

  it('refuses HOLODECK_LLM_TIMEOUT and HOLODECK_TIMEOUT set to different values, and takes them when they agree', async () => {
    const both = await lines(`${head}${CASES}`, { HOLODECK_LLM_TIMEOUT: '30', HOLODECK_TIMEOUT: '60' });
    expect(both.join('\n')).toContain(
      'environment variables HOLODECK_LLM_TIMEOUT="30" and HOLODECK_TIMEOUT="60" set one setting two ways',
    );
    const agreeing = { HOLODECK_LLM_TIMEOUT: '30', HOLODECK_TIMEOUT: ' 30 ' };
    expect(expectConfig(await loadYaml(`${head}${CASES}`, {}, agreeing)).execution.llm_timeout).toBe(30);
  });

  it('reads fail_on_tool_error and tool_name_match from the YAML, else from the environment', async () => {
    const env = { HOLODECK_FAIL_ON_TOOL_ERROR: 'true', HOLODECK_TOOL_NAME_MATCH: 'exact' };
    expect(expectConfig(await loadYaml(`${head}${CASES}`, {}, env)).execution).toMatchObject({
      fail_on_tool_error: true,
      repeat: 1,
      min_pass_rate: 1,
      tool_name_match: 'exact',
    });
    const yaml = `${head}execution: { fail_on_tool_error: false, tool_name_match: substring }\n${CASES}`;
    expect(expectConfig(await loadYaml(yaml, {}, env)).execution).toMatchObject({
      fail_on_tool_error: false,
      repeat: 1,
      min_pass_rate: 1,
      tool_name_match: 'substring',
      distinct_calls: false,
    });
    const bad = await lines(`${head}${CASES}`, { HOLODECK_TOOL_NAME_MATCH: 'fuzzy' });
    expect(bad.join('\n')).toMatch(/HOLODECK_TOOL_NAME_MATCH="fuzzy" is invalid/);
  });

  it('reads max_steps from the YAML, else from HOLODECK_MAX_STEPS: a whole number from 1 to 1000', async () => {
    expect(expectConfig(await loadYaml(`${head}${CASES}`, {}, { HOLODECK_MAX_STEPS: '25' })).execution.max_steps).toBe(
      25,
    );
    const yaml = `${head}execution: { max_steps: 3 }\n${CASES}`;
    expect(expectConfig(await loadYaml(yaml, {}, { HOLODECK_MAX_STEPS: '25' })).execution.max_steps).toBe(3);
    for (const bad of ['0', '2.5', '1001', 'many']) {
      const issues = await lines(`${head}execution: { max_steps: ${bad} }\n${CASES}`);
      expect(issues.join('\n')).toMatch(/agent\.yaml:3:\d+ +execution\.max_steps/);
    }
    const env = await lines(`${head}${CASES}`, { HOLODECK_MAX_STEPS: '0' });
    expect(env.join('\n')).toMatch(/HOLODECK_MAX_STEPS="0" is invalid/);
  });

  it('reads cache from the YAML, else from HOLODECK_CACHE', async () => {
    expect(expectConfig(await loadYaml(`${head}${CASES}`, {}, { HOLODECK_CACHE: 'true' })).execution.cache).toBe(true);
    const yaml = `${head}execution: { cache: false }\n${CASES}`;
    expect(expectConfig(await loadYaml(yaml, {}, { HOLODECK_CACHE: 'true' })).execution.cache).toBe(false);
    const bad = await lines(`${head}execution: { cache: sometimes }\n${CASES}`);
    expect(bad.join('\n')).toMatch(/agent\.yaml:3:\d+ +execution\.cache/);
  });

  it('masks the names of execution.redact and of HOLODECK_REDACT together: one never drops the other', async () => {
    const env = { HOLODECK_REDACT: 'BILLING_ACCOUNT, OTHER_VAR' };
    const yaml = `${head}execution: { redact: [OTHER_VAR, DB_URL] }\n${CASES}`;
    expect(expectConfig(await loadYaml(yaml, {}, env)).execution.redact).toEqual([
      'OTHER_VAR',
      'DB_URL',
      'BILLING_ACCOUNT',
    ]);
    expect(expectConfig(await loadYaml(`${head}${CASES}`, {}, env)).execution.redact).toEqual([
      'BILLING_ACCOUNT',
      'OTHER_VAR',
    ]);
  });

  it('applies env where the YAML sets nothing, and the YAML over env', async () => {
    const env = { HOLODECK_LLM_TIMEOUT: '12.5', HOLODECK_PARALLEL_TEST_CASES: '8', HOLODECK_MAX_RETRIES: '0' };
    expect(expectConfig(await loadYaml(`${head}${CASES}`, {}, env)).execution).toEqual({
      ...DEFAULT_EXECUTION,
      llm_timeout: 12.5,
      parallel_test_cases: 8,
      max_retries: 0,
    });
    const yaml = `${head}execution: { parallel_test_cases: 2 }\n${CASES}`;
    expect(expectConfig(await loadYaml(yaml, {}, env)).execution).toEqual({
      ...DEFAULT_EXECUTION,
      llm_timeout: 12.5,
      parallel_test_cases: 2,
      max_retries: 0,
    });
  });

  it('reports a bad env value naming the variable, and ignores it when the YAML sets the value', async () => {
    const env = { HOLODECK_LLM_TIMEOUT: 'soon', HOLODECK_PARALLEL_TEST_CASES: '0' };
    const issues = expectIssues(await loadYaml(`${head}${CASES}`, {}, env));
    expect(issues.map((issue) => [issue.code, issue.location, issue.path, issue.message])).toEqual([
      [
        'ENV_INVALID',
        null,
        'execution.llm_timeout',
        'environment variable HOLODECK_LLM_TIMEOUT="soon" is invalid: expected a number, got "soon"',
      ],
      [
        'ENV_INVALID',
        null,
        'execution.parallel_test_cases',
        'environment variable HOLODECK_PARALLEL_TEST_CASES="0" is invalid: must be >= 1, got 0',
      ],
    ]);
    expect(issues[0]?.hint).toBe(
      'fix or unset HOLODECK_LLM_TIMEOUT, or set execution.llm_timeout in the configuration',
    );
    const yaml = `${head}execution: { llm_timeout: 5, parallel_test_cases: 3 }\n${CASES}`;
    expect(expectConfig(await loadYaml(yaml, {}, env)).execution).toMatchObject({
      llm_timeout: 5,
      parallel_test_cases: 3,
    });
  });

  it('says by name which variable a refused value came from, not when its default was taken', async () => {
    const yaml = `name: a\nmodel: { provider: ollama, name: m, endpoint: "\${MY_HOST:-nope}" }\n${CASES}`;
    const set = (await lines(yaml, { MY_HOST: '127.0.0.1:5' })).join('\n');
    expect(set).toContain('must be an http:// or https:// URL — the value comes from ${MY_HOST}');
    expect(set).not.toContain('127.0.0.1:5');
    const unset = (await lines(yaml)).join('\n');
    expect(unset).toContain('must be an http:// or https:// URL');
    expect(unset).not.toContain('comes from');
  });

  it('names a variable instead of quoting its value in the message', async () => {
    const yaml = `name: a\nmodel: { provider: ollama, name: m, temperature: "\${CRED}" }\n${CASES}`;
    const text = (await lines(yaml, { CRED: 'zq7Xv93KdLmP04rTyUw8' })).join('\n');
    expect(text).not.toContain('zq7X');
    expect(text).toContain('the value of ${CRED}');
  });
});
