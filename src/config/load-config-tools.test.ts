/** Function tools read elsewhere: given by the main thread (a case worker), or described by their own threads. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectConfig, writeTree } from '../../test/support/config/fixtures/config-tree.js';
import type { DescribeToolExport, ToolExportDescription } from '../loader/tool-export-shape.js';
import { loadConfig } from './load-config.js';

describe('loadConfig with function_tools (a case worker given the main thread’s definitions)', () => {
  // The module leaves a mark when it is imported.
  const TOOLS = `import { writeFileSync } from 'node:fs';
writeFileSync(new URL('./imported.txt', import.meta.url), 'yes');
export function add({ a, b }) { return a + b; }
`;
  const AGENT = `name: given
model: { provider: openai, name: gpt-4o-mini }
instructions: { inline: "Add." }
tools:
  - { name: add, type: function, file: tools.mjs, parameters: { type: object } }
test_cases:
  - { name: sum, input: "2 + 3?", ground_truth: "5" }
`;
  const imported = (dir: string) => existsSync(join(dir, 'imported.txt'));

  it('builds a listed tool from its given definition without importing its module', async () => {
    const dir = await writeTree({ 'agent.yaml': AGENT, 'tools.mjs': TOOLS });
    const given = {
      file: join(dir, 'tools.mjs'),
      function: 'add',
      description: 'Adds.',
      parameters: { type: 'object' },
    };
    const loaded = await loadConfig(dir, { env: { OPENAI_API_KEY: 'k' }, function_tools: { add: given } });
    const [add] = expectConfig({ dir, result: loaded }).tools;
    expect(add).toEqual({
      type: 'function',
      name: 'add',
      description: null,
      file: join(dir, 'tools.mjs'),
      function: 'add',
      parameters: { type: 'object' },
      definition: { description: 'Adds.', parameters: { type: 'object' } },
    });
    expect(imported(dir)).toBe(false);
  });

  it('imports a tool that is not listed, or listed for another export, as without', async () => {
    const dir = await writeTree({ 'agent.yaml': AGENT, 'tools.mjs': TOOLS });
    const other = { file: join(dir, 'tools.mjs'), function: 'sum', description: '', parameters: {} };
    const loaded = await loadConfig(dir, { env: { OPENAI_API_KEY: 'k' }, function_tools: { add: other } });
    const [add] = expectConfig({ dir, result: loaded }).tools;
    expect(add?.type === 'function' && add.definition.execute?.({ a: 2, b: 3 })).toBe(5);
    expect(imported(dir)).toBe(true);
  });

  it("keeps a package tool's given specifier, importing nothing (its calls resolve it from the config folder)", async () => {
    const dir = await writeTree({
      'agent.yaml': AGENT.replace('file: tools.mjs', 'file: my-tools'),
      'node_modules/my-tools/package.json': '{ "name": "my-tools", "type": "module", "exports": "./index.mjs" }',
      'node_modules/my-tools/index.mjs': TOOLS,
    });
    const given = { file: 'my-tools', function: 'add', description: 'Adds.', parameters: { type: 'object' } };
    const loaded = await loadConfig(dir, { env: { OPENAI_API_KEY: 'k' }, function_tools: { add: given } });
    const config = expectConfig({ dir, result: loaded });
    expect(config.tools[0]).toMatchObject({ type: 'function', file: 'my-tools', function: 'add' });
    expect(config.base_dir).toBe(dir);
    expect(existsSync(join(dir, 'node_modules/my-tools/imported.txt'))).toBe(false);
  });
});

describe('loadConfig with describe_tool (function tools read in their own threads)', () => {
  const AGENT = `name: described
model: { provider: openai, name: gpt-4o-mini }
instructions: { inline: "Add." }
tools:
  - { name: add, type: function, file: tools.mjs, parameters: { type: object } }
  - { name: search, type: function, file: tools.mjs }
  - { name: lookup, type: function, file: tools.mjs }
  - { name: broken, type: function, file: broken.mjs }
test_cases:
  - { name: sum, input: "2 + 3?", ground_truth: "5" }
`;
  const described: Record<string, ToolExportDescription | null> = {
    add: { ok: true, module: '/m/tools.mjs', shape: { kind: 'function' } },
    search: {
      ok: true,
      module: '/m/tools.mjs',
      shape: { kind: 'definition', description: 'Searches.', parameters: { type: 'object', required: ['q'] } },
    },
    lookup: { ok: true, module: '/m/tools.mjs', shape: { kind: 'other', described: 'a number (42)' } },
    broken: {
      ok: false,
      reason: 'import_stuck',
      message: 'importing /m/broken.mjs never finished',
      available_exports: [],
    },
  };

  it('builds each tool from what its thread says, importing no module here', async () => {
    const dir = await writeTree({ 'agent.yaml': AGENT, 'tools.mjs': 'throw new Error("imported here");\n' });
    const asked: string[] = [];
    const describe: DescribeToolExport = async (specifier, exportName, baseDir) => {
      asked.push(`${specifier} ${exportName} ${baseDir === dir}`);
      return described[exportName] ?? null;
    };
    const loaded = await loadConfig(dir, { env: { OPENAI_API_KEY: 'k' }, describe_tool: describe });
    expect(asked).toEqual([
      'tools.mjs add true',
      'tools.mjs search true',
      'tools.mjs lookup true',
      'broken.mjs broken true',
    ]);
    expect(loaded.ok).toBe(false);
    const messages = loaded.ok ? [] : loaded.issues.map((issue) => `${issue.path}: ${issue.message}`);
    expect(messages).toEqual([
      'tools[2].name: tool "lookup": the export "lookup" is neither a function nor a tool definition (it is a number (42))',
      'tools[3].file: cannot load tool "broken": importing /m/broken.mjs never finished',
    ]);
  });

  it('gives a described function its YAML parameters and a definition its own, with no execute', async () => {
    const dir = await writeTree({
      'agent.yaml': AGENT.split('  - { name: lookup')[0] + 'test_cases:\n  - { name: sum, input: "2 + 3?" }\n',
    });
    const describe: DescribeToolExport = async (_specifier, exportName) => described[exportName] ?? null;
    const loaded = await loadConfig(dir, { env: { OPENAI_API_KEY: 'k' }, describe_tool: describe });
    const [add, search] = expectConfig({ dir, result: loaded }).tools;
    expect(add).toMatchObject({
      file: '/m/tools.mjs',
      definition: { description: '', parameters: { type: 'object' } },
    });
    expect(search).toMatchObject({
      file: '/m/tools.mjs',
      definition: { description: 'Searches.', parameters: { type: 'object', required: ['q'] } },
    });
    expect(add?.type === 'function' && 'execute' in add.definition).toBe(false);
  });

  it('imports the module here when the describer answers null (a definition that is not plain data)', async () => {
    const dir = await writeTree({
      'agent.yaml': AGENT.split('  - { name: search')[0] + 'test_cases:\n  - { name: sum, input: "2 + 3?" }\n',
      'tools.mjs': 'export function add({ a, b }) { return a + b; }\n',
    });
    const loaded = await loadConfig(dir, { env: { OPENAI_API_KEY: 'k' }, describe_tool: async () => null });
    const [add] = expectConfig({ dir, result: loaded }).tools;
    expect(add?.type === 'function' && add.definition.execute?.({ a: 2, b: 3 })).toBe(5);
  });
});
