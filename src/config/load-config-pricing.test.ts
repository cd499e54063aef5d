import { describe, expect, it } from 'vitest';
import { at, expectConfig, formattedIssues, loadYaml } from '../../test/support/config/fixtures/config-tree.js';

const CASES = 'test_cases: [{ name: t, input: q }]\n';

async function lines(yaml: string): Promise<string[]> {
  return formattedIssues(await loadYaml(yaml));
}

describe('model pricing', () => {
  it('reads prices per million tokens; cache rates are optional', async () => {
    const yaml =
      'name: a\nmodel:\n  provider: openai_compatible\n  name: m\n  endpoint: http://127.0.0.1:1/v1\n' +
      '  pricing: { input_per_mtok: 2.5, output_per_mtok: "10", cached_input_per_mtok: 1.25 }\n' +
      `evaluations:\n  model: { provider: ollama, name: j, pricing: { input_per_mtok: 0, output_per_mtok: 0 } }\n${CASES}`;
    const config = expectConfig(await loadYaml(yaml));
    expect(config.model?.pricing).toEqual({
      input_per_mtok: 2.5,
      output_per_mtok: 10,
      cached_input_per_mtok: 1.25,
      cache_write_per_mtok: null,
    });
    expect(config.evaluations.model?.pricing).toEqual({
      input_per_mtok: 0,
      output_per_mtok: 0,
      cached_input_per_mtok: null,
      cache_write_per_mtok: null,
    });
  });

  it('leaves pricing out when not given (the built-in table applies)', async () => {
    const config = expectConfig(await loadYaml(`name: a\nmodel: { provider: openai, name: gpt-4o }\n${CASES}`));
    expect(config.model?.pricing).toBeUndefined();
  });

  it('locates a missing rate, a negative one, text that is no number and a misspelt key', async () => {
    const yaml =
      'name: a\nmodel:\n  provider: openai\n  name: m\n' +
      '  pricing: { input_per_mtok: -1, output_per_mtk: 10, cached_input_per_mtok: cheap }\n' +
      CASES;
    expect(await lines(yaml)).toEqual([
      `${at(yaml, '{ input_per')}  model.pricing.output_per_mtok\n  missing required key \`output_per_mtok\` — add output_per_mtok: … to this mapping`,
      `${at(yaml, '-1')}  model.pricing.input_per_mtok\n  must be >= 0, got -1 — give US dollars per million input tokens, 0 or more, e.g. input_per_mtok: 2.5`,
      `${at(yaml, 'output_per_mtk')}  model.pricing.output_per_mtk\n  unknown key \`output_per_mtk\` — did you mean \`output_per_mtok\`?`,
      `${at(yaml, 'cheap')}  model.pricing.cached_input_per_mtok\n  expected a number, got "cheap"`,
    ]);
  });
});
