/**
 * JSON Schemas of agent.yaml and of a test_cases_file, generated from the zod schemas that validate them.
 * Numbers, booleans and enums may also be written as `${VAR}` (substituted before validation).
 */
import { z } from 'zod';
import { agentConfigSchema, testCasesFileSchema } from './schema/agent-schema.js';
import { argValueSchema, matcherObjectSchema } from './schema/arg-matcher-schema.js';
import { instructionsSchema } from './schema/instructions-schema.js';
import { metricSchema } from './schema/metric-schema.js';
import { modelSchema } from './schema/model-schema.js';
import { envPlaceholderFields } from './schema/schema-meta.js';
import { testCaseSchema } from './schema/test-case-schema.js';
import { toolSchema } from './schema/tool-schema.js';
import { expectedToolSchema, fileSchema, turnSchema } from './schema/turn-schema.js';

const ENV_REFERENCE = { type: 'string', pattern: '^\\$\\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]*)?\\}$' };
/** A string that holds a `${VAR}` anywhere: what it becomes is checked once substituted. */
const ENV_IN_STRING = { type: 'string', pattern: '\\$\\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]*)?\\}' };
/** A share written as a percentage (`80%`). */
const PERCENT = { type: 'string', pattern: '^\\s*\\d+(\\.\\d+)?\\s*%\\s*$' };

const EXACTLY_ONE_KEY = { minProperties: 1, maxProperties: 1 };

/** Named definitions ($defs) for the schemas used in several places, with what zod cannot express. */
const DEFINITIONS: ReadonlyArray<readonly [z.ZodType, z.core.GlobalMeta]> = [
  [modelSchema, { id: 'Model' }],
  [instructionsSchema, { id: 'Instructions', ...EXACTLY_ONE_KEY }],
  [toolSchema, { id: 'Tool' }],
  [metricSchema, { id: 'Metric' }],
  [testCaseSchema, { id: 'TestCase' }],
  [turnSchema, { id: 'Turn' }],
  [expectedToolSchema, { id: 'ExpectedTool' }],
  [argValueSchema, { id: 'ArgValue' }],
  [matcherObjectSchema, { id: 'ArgMatcher', ...EXACTLY_ONE_KEY }],
  [fileSchema, { id: 'File' }],
];

/** Our definition names and extras over the descriptions that `.describe()` keeps in the global registry. */
class DefinitionRegistry extends z.core.$ZodRegistry<z.core.GlobalMeta> {
  override get<S extends z.core.$ZodType>(schema: S) {
    const own = super.get(schema);
    const global = z.globalRegistry.get(schema);
    return own || global ? { ...global, ...own } : undefined;
  }
}

function definitionRegistry(): DefinitionRegistry {
  const registry = new DefinitionRegistry();
  for (const [schema, meta] of DEFINITIONS) registry.add(schema, meta);
  return registry;
}

function toJsonSchema(schema: z.ZodType, title: string, description: string): Record<string, unknown> {
  const generated = z.toJSONSchema(schema, {
    metadata: definitionRegistry(),
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const placeholder = envPlaceholderFields.get(zodSchema);
      if (placeholder === undefined) return;
      const { description, ...original } = jsonSchema as Record<string, unknown>;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
      const reference = placeholder.kind === 'pattern' ? ENV_IN_STRING : ENV_REFERENCE;
      const branches = placeholder.kind === 'share' ? [original, PERCENT, reference] : [original, reference];
      Object.assign(jsonSchema, description === undefined ? {} : { description }, { anyOf: branches });
    },
  });
  const { $schema, ...rest } = generated as Record<string, unknown>;
  return { $schema, title, description, ...rest };
}

export function agentJsonSchema(): Record<string, unknown> {
  return toJsonSchema(
    agentConfigSchema,
    'holodeck agent.yaml',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: describes the ${VAR} syntax
    'An agent and its test cases for the holodeck test runner. `${VAR}` and `${VAR:-default}` are replaced from the environment in every string.',
  );
}

export function testCasesFileJsonSchema(): Record<string, unknown> {
  return toJsonSchema(
    testCasesFileSchema,
    'holodeck test_cases_file',
    'Test cases for holodeck: a list, or a mapping with `test_cases:`.',
  );
}

/** The file text: stable, two-space indented, with a final newline. */
export function renderJsonSchema(schema: Record<string, unknown>): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
