import { describe, expect, it } from 'vitest';
import { at, expectConfig, formattedIssues, loadYaml } from '../../test/support/config/fixtures/config-tree.js';

const CASES = 'test_cases: [{ name: t, input: q }]\n';

async function lines(yaml: string): Promise<string[]> {
  return formattedIssues(await loadYaml(yaml));
}

describe('models (a model matrix)', () => {
  it('loads every model block; the first is the agent model', async () => {
    const yaml =
      'name: a\nmodels:\n  - { provider: openai, name: gpt-4o-mini, temperature: 0 }\n' +
      '  - { provider: ollama, name: "llama3.2:1b", endpoint: "http://127.0.0.1:11434" }\n' +
      CASES;
    const config = expectConfig(await loadYaml(yaml));
    expect(config.models).toEqual([
      expect.objectContaining({ provider: 'openai', name: 'gpt-4o-mini', temperature: 0, endpoint: null }),
      expect.objectContaining({ provider: 'ollama', name: 'llama3.2:1b', endpoint: 'http://127.0.0.1:11434' }),
    ]);
    expect(config.model).toEqual(config.models?.[0]);
  });

  it('has no models key with model:', async () => {
    const config = expectConfig(await loadYaml(`name: a\nmodel: { provider: openai, name: m }\n${CASES}`));
    expect(config).not.toHaveProperty('models');
  });

  it('refuses model and models together', async () => {
    const yaml = `name: a\nmodel: { provider: openai, name: m }\nmodels: [{ provider: openai, name: n }]\n${CASES}`;
    expect(await lines(yaml)).toEqual([
      `${at(yaml, 'models:')}  models\n  give either \`model\` or \`models\`, not both — ` +
        'move the `model` block into the `models` list (a matrix), or remove `models`',
    ]);
  });

  it('locates problems in a model block, an empty list and a model listed twice', async () => {
    const bad = `name: a\nmodels:\n  - { provider: openai, name: m }\n  - { provider: opnai, name: n }\n${CASES}`;
    expect(await lines(bad)).toEqual([
      `${at(bad, 'opnai')}  models[1].provider\n` +
        '  "opnai" is not one of: openai, azure_openai, anthropic, ollama, openai_compatible — did you mean `openai`?',
    ]);
    const empty = `name: a\nmodels: []\n${CASES}`;
    expect(await lines(empty)).toEqual([
      `${at(empty, '[]')}  models\n  \`models\` is empty — list at least one model block ({ provider, name }), or use \`model:\``,
    ]);
    const twice = `name: a\nmodels:\n  - { provider: openai, name: m }\n  - { provider: openai, name: m, temperature: 1 }\n${CASES}`;
    expect(await lines(twice)).toEqual([
      `${at(twice, 'm, temp')}  models[1].name\n  openai:m is already models[0] — ` +
        'each model of the matrix runs the whole suite once: list it once',
    ]);
  });

  it('counts as the model a backend needs', async () => {
    const yaml = `name: a\nmodels: [{ provider: openai, name: m }, { provider: openai, name: n }]\n${CASES}`;
    expect(expectConfig(await loadYaml(yaml)).model).toMatchObject({ provider: 'openai', name: 'm' });
  });
});
