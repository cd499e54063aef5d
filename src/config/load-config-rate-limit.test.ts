import { describe, expect, it } from 'vitest';
import { at, expectConfig, formattedIssues, loadYaml } from '../../test/support/config/fixtures/config-tree.js';

const CASES = 'test_cases: [{ name: t, input: q }]\n';

async function lines(yaml: string): Promise<string[]> {
  return formattedIssues(await loadYaml(yaml));
}

describe('rate limits', () => {
  it("reads a model's own rate_limit, the judge's, and execution's default", async () => {
    const yaml =
      'name: a\nmodel:\n  provider: openai\n  name: gpt-4o-mini\n' +
      '  rate_limit: { requests_per_minute: 500, tokens_per_minute: "200000" }\n' +
      'evaluations:\n  model: { provider: openai, name: gpt-4o, rate_limit: { tokens_per_minute: 30000 } }\n' +
      `execution:\n  rate_limit: { requests_per_minute: 60 }\n${CASES}`;
    const config = expectConfig(await loadYaml(yaml));
    expect(config.model?.rate_limit).toEqual({ requests_per_minute: 500, tokens_per_minute: 200_000 });
    expect(config.evaluations.model?.rate_limit).toEqual({ requests_per_minute: null, tokens_per_minute: 30_000 });
    expect(config.execution.rate_limit).toEqual({ requests_per_minute: 60, tokens_per_minute: null });
  });

  it('reads rate_limit in each entry of a model matrix', async () => {
    const yaml =
      'name: a\nmodels:\n  - { provider: openai, name: gpt-4o-mini, rate_limit: { requests_per_minute: 500 } }\n' +
      `  - { provider: anthropic, name: claude-haiku-4-5 }\n${CASES}`;
    const config = expectConfig(await loadYaml(yaml));
    expect(config.models?.map((m) => m.rate_limit ?? null)).toEqual([
      { requests_per_minute: 500, tokens_per_minute: null },
      null,
    ]);
  });

  it('has no limit unless one is set', async () => {
    const config = expectConfig(await loadYaml(`name: a\nmodel: { provider: openai, name: gpt-4o }\n${CASES}`));
    expect(config.model?.rate_limit).toBeUndefined();
    expect(config.execution.rate_limit).toBeUndefined();
  });

  it('locates an empty limit, a zero, text that is no number and a misspelt key', async () => {
    const yaml =
      'name: a\nmodel:\n  provider: openai\n  name: m\n' +
      '  rate_limit: { requests_per_minute: 0, token_per_minute: 10 }\n' +
      'execution:\n  rate_limit: {}\n' +
      'evaluations:\n  model: { provider: openai, name: j, rate_limit: { tokens_per_minute: lots } }\n' +
      CASES;
    expect(await lines(yaml)).toEqual([
      `${at(yaml, '0,')}  model.rate_limit.requests_per_minute\n  must be > 0, got 0 — give the requests allowed per minute, above 0, e.g. requests_per_minute: 500`,
      `${at(yaml, 'token_per_minute')}  model.rate_limit.token_per_minute\n  unknown key \`token_per_minute\` — did you mean \`tokens_per_minute\`?`,
      `${at(yaml, '{}')}  execution.rate_limit\n  \`rate_limit\` needs requests_per_minute, tokens_per_minute or both — e.g. rate_limit: { requests_per_minute: 500, tokens_per_minute: 200000 }`,
      `${at(yaml, 'lots')}  evaluations.model.rate_limit.tokens_per_minute\n  expected a number, got "lots"`,
    ]);
  });
});
