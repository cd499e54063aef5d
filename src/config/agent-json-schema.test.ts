import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
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
});
