import { describe, expect, it } from 'vitest';
import { expectConfig, formattedIssues, loadYaml } from '../../test/support/config/fixtures/config-tree.js';

const HEAD = 'name: a\nmodel: { provider: ollama, name: m }\n';
const CASES = 'test_cases: [{ name: t, input: q }]\n';

describe('execution.repeat and execution.min_pass_rate', () => {
  it('default to one run and a min pass rate of 1', async () => {
    expect(expectConfig(await loadYaml(`${HEAD}${CASES}`)).execution).toMatchObject({ repeat: 1, min_pass_rate: 1 });
  });

  it('come from the YAML, else from HOLODECK_REPEAT and HOLODECK_MIN_PASS_RATE', async () => {
    const env = { HOLODECK_REPEAT: '5', HOLODECK_MIN_PASS_RATE: '0.6' };
    expect(expectConfig(await loadYaml(`${HEAD}${CASES}`, {}, env)).execution).toMatchObject({
      repeat: 5,
      min_pass_rate: 0.6,
    });
    const yaml = `${HEAD}execution: { repeat: 8, min_pass_rate: 0.75 }\n${CASES}`;
    expect(expectConfig(await loadYaml(yaml, {}, env)).execution).toMatchObject({ repeat: 8, min_pass_rate: 0.75 });
  });

  it('reject a repeat below 1 or not whole, and a min pass rate of 0 or above 1, located', async () => {
    const yaml = `${HEAD}execution:\n  repeat: 2.5\n  min_pass_rate: 0\n${CASES}`;
    const text = (await formattedIssues(await loadYaml(yaml))).join('\n');
    expect(text).toMatch(/agent\.yaml:4:\d+ +execution\.repeat\n/);
    expect(text).toMatch(/agent\.yaml:5:\d+ +execution\.min_pass_rate\n/);
    const env = (await formattedIssues(await loadYaml(`${HEAD}${CASES}`, {}, { HOLODECK_MIN_PASS_RATE: '1.5' }))).join(
      '\n',
    );
    expect(env).toMatch(/HOLODECK_MIN_PASS_RATE="1.5" is invalid/);
  });

  it('take a min pass rate written as a percentage, as the command line does, in YAML and the environment', async () => {
    const yaml = `${HEAD}execution: { repeat: 5, min_pass_rate: 80% }\n${CASES}`;
    expect(expectConfig(await loadYaml(yaml)).execution).toMatchObject({ min_pass_rate: 0.8 });
    const env = { HOLODECK_MIN_PASS_RATE: '60 %' };
    expect(expectConfig(await loadYaml(`${HEAD}${CASES}`, {}, env)).execution).toMatchObject({ min_pass_rate: 0.6 });
    const over = (await formattedIssues(await loadYaml(`${HEAD}execution: { min_pass_rate: 150% }\n${CASES}`))).join(
      '\n',
    );
    expect(over).toMatch(/agent\.yaml:3:\d+ +execution\.min_pass_rate\n/);
  });
});
