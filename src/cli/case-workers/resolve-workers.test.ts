import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectConfig, loadYaml } from '../../../test/support/config/fixtures/config-tree.js';
import { givenFunctionTools } from './resolve-workers.js';

const TOOLS = `export function add({ a, b }) { return a + b; }
export const odd = { description: 'Checks.', parameters: { type: 'object', check: () => true }, execute: () => 1 };
`;
const AGENT = `name: given
model: { provider: openai, name: gpt-4o-mini }
instructions: { inline: "Add." }
tools:
  - { name: add, type: function, file: tools.mjs, description: Adds., parameters: { type: object } }
  - { name: odd, type: function, file: tools.mjs }
test_cases:
  - { name: sum, input: "2 + 3?", ground_truth: "5" }
`;

describe('givenFunctionTools', () => {
  it('gives the workers each function tool whose definition is plain data; one holding a function is left out', async () => {
    const loaded = await loadYaml(AGENT, { 'tools.mjs': TOOLS }, { OPENAI_API_KEY: 'k' });
    const config = expectConfig(loaded);
    expect(givenFunctionTools(config)).toEqual({
      add: {
        file: join(loaded.dir, 'tools.mjs'),
        function: 'add',
        description: 'Adds.',
        parameters: { type: 'object' },
      },
    });
  });
});
