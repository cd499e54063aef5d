import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { agentJsonSchema, renderJsonSchema, testCasesFileJsonSchema } from './agent-json-schema.js';

const committed = (name: string) => readFile(new URL(`../../schema/${name}`, import.meta.url), 'utf8');

describe('JSON Schemas generated from the zod schemas', () => {
  it('match the committed files (run npx tsx scripts/generate-schemas.ts after a change)', async () => {
    expect(await committed('agent.schema.json')).toBe(renderJsonSchema(agentJsonSchema()));
    expect(await committed('test-cases.schema.json')).toBe(renderJsonSchema(testCasesFileJsonSchema()));
  });

  it('describe agent.yaml: strict keys, required name (model is optional with a module backend), named definitions', () => {
    const schema = agentJsonSchema() as {
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, unknown>;
      $defs: Record<string, unknown>;
    };
    expect(schema.required).toEqual(['name']);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toContain('test_cases_file');
    expect(Object.keys(schema.$defs)).toEqual(
      expect.arrayContaining(['Model', 'Tool', 'Metric', 'TestCase', 'Turn', 'ExpectedTool', 'ArgMatcher', 'File']),
    );
    expect(schema.$defs['ArgMatcher']).toMatchObject({
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
    });
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: names the ${VAR} syntax
  it('allow a ${VAR} reference where a number, boolean or enum is expected', () => {
    const schema = agentJsonSchema() as {
      properties: { execution: { properties: Record<string, { anyOf?: unknown[] }> } };
    };
    expect(schema.properties.execution.properties['llm_timeout']?.anyOf).toEqual([
      { type: 'number', exclusiveMinimum: 0, maximum: 2147483 },
      { type: 'string', pattern: '^\\$\\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]*)?\\}$' },
    ]);
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: names the ${VAR} syntax
  it('accept the sample configurations and ${VAR} in a URL or an export spec, as the loader does', async () => {
    const Ajv2020 = createRequire(import.meta.url)('ajv/dist/2020') as new (
      options: object,
    ) => {
      compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown };
    };
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(
      JSON.parse(await committed('agent.schema.json')),
    );
    for (const name of ['agent.yaml', 'oracle.yaml', 'finance-formats.yaml']) {
      const text = await readFile(new URL(`../../sample/financial-assistant/${name}`, import.meta.url), 'utf8');
      expect(validate(parse(text)), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const written = {
      name: 'env',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the ${VAR} syntax under test
      model: { provider: 'azure_openai', name: 'gpt-4o', endpoint: '${AZURE_OPENAI_ENDPOINT}' },
      test_cases: [
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the ${VAR} syntax under test
        { name: 'a', input: 'b', evaluations: [{ type: 'code', grader: '${GRADERS:-graders}/g.ts:grade' }] },
      ],
    };
    expect(validate(written), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...written, model: { ...written.model, endpoint: 'localhost:8080' } })).toBe(false);
  });
});
