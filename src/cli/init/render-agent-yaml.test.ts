import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ProviderName } from '../../core/config-types.js';
import { INIT_PROVIDER_NAMES, INIT_PROVIDERS } from './init-providers.js';
import { renderAgentYaml } from './render-agent-yaml.js';
import { DEFAULT_SCHEMA_PATH } from './render-project.js';

type Ajv2020 = new (options: Record<string, unknown>) => { compile(schema: unknown): ValidateFunction };
const Ajv = createRequire(import.meta.url)('ajv/dist/2020').default as Ajv2020;
const schema = JSON.parse(readFileSync(new URL('../../../schema/agent.schema.json', import.meta.url), 'utf8'));
const validateAgainstSchema = new Ajv({ allErrors: true, strict: false }).compile(schema);

interface Rendered {
  model: Record<string, unknown>;
  tools: { name: string; file: string }[];
  evaluations: { metrics: Record<string, unknown>[] };
  test_cases: { name: string; turns: { input: string; ground_truth: string; expected_tools: unknown[] }[] }[];
}

const render = (provider: ProviderName, model = INIT_PROVIDERS[provider].default_model) =>
  renderAgentYaml({ provider, model, schema_path: DEFAULT_SCHEMA_PATH });

describe('renderAgentYaml', () => {
  it.each(INIT_PROVIDER_NAMES)('writes a %s model block that the shipped JSON Schema accepts', (provider) => {
    const text = render(provider);
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=node_modules/holodeck/schema/agent.schema.json');
    const doc = parse(text) as Rendered;
    expect(doc.model).toMatchObject({ provider, name: INIT_PROVIDERS[provider].default_model, temperature: 0 });
    expect(validateAgainstSchema(doc), JSON.stringify(validateAgainstSchema.errors)).toBe(true);
  });

  it('never writes an API key, nor a $VAR reference that would fail to load when unset', () => {
    for (const provider of INIT_PROVIDER_NAMES) {
      const doc = parse(render(provider)) as Rendered;
      expect(doc.model).not.toHaveProperty('api_key');
      const references = JSON.stringify(doc).match(/\$\{[^}]*\}/g) ?? [];
      // Azure's endpoint comes from AZURE_OPENAI_ENDPOINT: validate names it with the key when both are unset.
      expect(references).toEqual([]);
    }
  });

  it('points each provider at what it needs: no endpoint for ollama, a base URL for openai_compatible', () => {
    expect(parse(render('ollama')).model).not.toHaveProperty('endpoint');
    expect(parse(render('openai')).model).not.toHaveProperty('endpoint');
    expect(parse(render('openai_compatible')).model.endpoint).toBe('http://127.0.0.1:8000/v1');
    expect(render('openai')).toContain('# api_key: from OPENAI_API_KEY in the environment');
    expect(render('anthropic')).toContain('# api_key: from ANTHROPIC_API_KEY in the environment');
  });

  it('keeps a model name intact, quoting it when YAML would misread it', () => {
    for (const model of ['llama3.2:1b', 'Qwen/Qwen2.5-7B-Instruct', 'my model # v2', 'yes', '- x', 'a:']) {
      const doc = parse(render('ollama', model)) as Rendered;
      expect(doc.model['name']).toBe(model);
    }
    expect(render('ollama', 'qwen2.5:7b')).toMatch(/^ {2}name: qwen2\.5:7b +# .*\(ollama pull qwen2\.5:7b\)$/m);
    // The loader reads `$${` back as the literal `${`.
    expect(parse(render('ollama', 'odd$' + '{name}')).model.name).toBe('odd$$' + '{name}');
  });

  it('writes a two-turn conversation asserting tools with literal, fuzzy and regex arguments', () => {
    const doc = parse(render('ollama')) as Rendered;
    expect(doc.tools.map((tool) => tool.name)).toEqual(['calculator', 'lookup_price']);
    expect(doc.evaluations.metrics.map((metric) => metric['metric'] ?? metric['type'])).toEqual(['numeric', 'code']);
    const [first, second] = doc.test_cases[0]!.turns;
    expect(first!.expected_tools).toEqual([{ name: 'lookup_price', args: { item: { regex: '(?i)(the )?laptops?' } } }]);
    expect(second!.expected_tools).toEqual([
      { name: 'calculator', args: { operation: 'subtract', a: { fuzzy: '1,250' }, b: 50 } },
    ]);
    expect([first!.ground_truth, second!.ground_truth]).toEqual(['1250', '1200']);
  });

  it('explains every key it sets with a comment', () => {
    const text = render('ollama');
    const lines = text.split('\n');
    for (const key of ['name:', 'model:', 'instructions:', 'tools:', 'evaluations:', 'execution:', 'test_cases:']) {
      const at = lines.findIndex((line) => line.startsWith(key));
      const explained = lines[at]!.includes(' # ') || lines.slice(at + 1, at + 3).some((line) => line.includes(' # '));
      expect(explained, key).toBe(true);
    }
    for (const key of ['provider:', 'regex:', 'fuzzy:', 'operation:', 'grader:', 'absolute_tolerance:']) {
      expect(lines.find((line) => line.includes(key))!, key).toContain(' # ');
    }
  });
});
