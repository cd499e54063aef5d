// biome-ignore-all lint/suspicious/noTemplateCurlyInString: a ${VAR} reference is among the generated words
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { writeTree } from './fixtures/config-tree.js';
import { loadConfig } from './load-config.js';

const KEYS = [
  'name',
  'model',
  'provider',
  'backend',
  'module',
  'instructions',
  'file',
  'inline',
  'tools',
  'type',
  'function',
  'parameters',
  'command',
  'url',
  'evaluations',
  'metrics',
  'metric',
  'threshold',
  'grader',
  'execution',
  'llm_timeout',
  'test_cases',
  'test_cases_file',
  'input',
  'ground_truth',
  'turns',
  'expected_tools',
  'args',
  'count',
  'fuzzy',
  'regex',
  'literal',
  'files',
  'path',
  'retrieval_context',
  'turn_config',
  'endpoint',
];
const WORDS = [
  'openai',
  'ollama',
  'mcp',
  'function',
  'standard',
  'code',
  'numeric',
  'bleu',
  '(2009',
  'x.ts:f',
  '${X}',
  '',
];

/** Values shaped like agent.yaml: mappings over the real keys, lists, and scalars of every kind. */
const configLike = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...WORDS),
    fc.integer({ min: -3, max: 3 }),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 6 }),
  ),
})).value;

async function expectIssuesNotThrow(dir: string, text: string): Promise<void> {
  await writeFile(join(dir, 'agent.yaml'), text);
  const result = await loadConfig(dir, { env: {} });
  if (result.ok) return;
  expect(result.issues.length).toBeGreaterThan(0);
  for (const issue of result.issues) {
    expect(issue.message).not.toBe('');
    expect(issue.location?.file).toBe(join(dir, 'agent.yaml'));
  }
}

describe('loadConfig on malformed input', () => {
  it('never throws on arbitrary text', async () => {
    const dir = await writeTree({});
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), (text) => expectIssuesNotThrow(dir, text)),
      { numRuns: 150 },
    );
  });

  it('never throws on configuration-shaped documents, and locates what it reports', async () => {
    const dir = await writeTree({});
    await fc.assert(
      fc.asyncProperty(configLike, async (value) => {
        await expectIssuesNotThrow(
          dir,
          stringify({
            name: 'fuzz',
            model: { provider: 'ollama', name: 'm' },
            ...(value && typeof value === 'object' && !Array.isArray(value) ? value : { test_cases: value }),
          }),
        );
      }),
      { numRuns: 300 },
    );
  });
});
