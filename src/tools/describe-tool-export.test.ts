import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolTarget } from '../workers/user-code-target.js';
import { toolExportReader } from './describe-tool-export.js';
import { createToolWorkers } from './tool-workers.js';

const MODULES: Record<string, string> = {
  'tools.mjs': [
    'export function add({ a, b }) { return a + b; }',
    "export const search = { description: 'Search the filings', parameters: { type: 'object', properties: { q: { type: 'string' } } }, execute: () => [] };",
    'export const bare = { execute: () => 1 };',
    'export const answer = 42;',
    "export const withFunction = { description: 'd', parameters: { type: 'object', default: () => 1 }, execute: () => 1 };",
  ].join('\n'),
  'typed.ts': 'export function double(args: { n: number }): number {\n  return args.n * 2;\n}\n',
  'throws.mjs': "throw new Error('this module refuses to load');\nexport function f() {}\n",
  'exits.mjs': 'process.exit(3);\nexport function f() {}\n',
  'never.mjs': 'await new Promise(() => {});\nexport function f() {}\n',
  'blocks.mjs': 'while (true) {}\nexport function f() {}\n',
  'marks.mjs': 'globalThis.loads = (globalThis.loads ?? 0) + 1;\nexport function f() { return globalThis.loads; }\n',
};

let dir = '';
const workers = createToolWorkers({ stop_grace_ms: 200 });
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holodeck-describe-'));
  for (const [name, text] of Object.entries(MODULES)) await writeFile(join(dir, name), text);
  await mkdir(join(dir, 'node_modules', 'my-tools'), { recursive: true });
  await writeFile(
    join(dir, 'node_modules', 'my-tools', 'package.json'),
    '{ "name": "my-tools", "type": "module", "exports": "./index.mjs" }',
  );
  await writeFile(join(dir, 'node_modules', 'my-tools', 'index.mjs'), 'export function look() { return 7; }\n');
});
afterAll(async () => {
  await workers.close();
  await rm(dir, { recursive: true, force: true });
});

describe('toolExportReader', () => {
  const reader = toolExportReader(workers, 1_500);

  it('tells a plain function, a tool definition and anything else apart, as plain data', async () => {
    // The asking thread located the module: where is part of the answer.
    expect(await reader.describe('tools.mjs', 'add', dir)).toEqual({
      ok: true,
      module: join(dir, 'tools.mjs'),
      shape: { kind: 'function' },
      location: { kind: 'file', path: join(dir, 'tools.mjs') },
    });
    expect(await reader.describe('./tools.mjs', 'search', dir)).toEqual({
      ok: true,
      module: join(dir, 'tools.mjs'),
      location: { kind: 'file', path: join(dir, 'tools.mjs') },
      shape: {
        kind: 'definition',
        description: 'Search the filings',
        parameters: { type: 'object', properties: { q: { type: 'string' } } },
      },
    });
    expect(await reader.describe('tools.mjs', 'bare', dir)).toMatchObject({
      ok: true,
      shape: { kind: 'definition', description: null, parameters: null },
    });
    expect(await reader.describe('tools.mjs', 'answer', dir)).toMatchObject({
      ok: true,
      shape: { kind: 'other', described: 'a number (42)' },
    });
  });

  it('loads a TypeScript module in the thread, written without its extension', async () => {
    expect(await reader.describe('typed', 'double', dir)).toEqual({
      ok: true,
      module: join(dir, 'typed.ts'),
      shape: { kind: 'function' },
      location: { kind: 'file', path: join(dir, 'typed.ts') },
    });
  });

  it('answers null for a definition that cannot be passed as plain data: the caller imports it itself', async () => {
    expect(await reader.describe('tools.mjs', 'withFunction', dir)).toBeNull();
  });

  it('reports a missing export with the exports there are, and a missing file', async () => {
    expect(await reader.describe('tools.mjs', 'ad', dir)).toEqual({
      ok: false,
      reason: 'no_export',
      message: `${join(dir, 'tools.mjs')} has no export "ad" (available: add, answer, bare, search, withFunction)`,
      available_exports: ['add', 'answer', 'bare', 'search', 'withFunction'],
    });
    expect(await reader.describe('./none.mjs', 'f', dir)).toEqual({
      ok: false,
      reason: 'not_found',
      message: `file not found: ${join(dir, 'none.mjs')}`,
      available_exports: [],
    });
  });

  it('reports a module that throws, exits or never finishes loading, naming it', async () => {
    expect(await reader.describe('throws.mjs', 'f', dir)).toMatchObject({
      ok: false,
      reason: 'import_failed',
      message: expect.stringContaining('this module refuses to load'),
    });
    expect(await reader.describe('exits.mjs', 'f', dir)).toEqual({
      ok: false,
      reason: 'import_failed',
      message: `importing ${join(dir, 'exits.mjs')} called process.exit(3)`,
      available_exports: [],
    });
    expect(await reader.describe('never.mjs', 'f', dir)).toMatchObject({
      ok: false,
      reason: 'import_stuck',
      message: expect.stringContaining('never finished: its top level awaits something that nothing is left to settle'),
    });
  });

  it('stops a module whose top level never returns once the time limit is up', async () => {
    const started = performance.now();
    expect(await reader.describe('blocks.mjs', 'f', dir)).toEqual({
      ok: false,
      reason: 'import_stuck',
      message: `importing ${join(dir, 'blocks.mjs')} did not finish within 1.5 s: its top level blocks (an endless loop?) or waits for something that does not come`,
      available_exports: [],
    });
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('asks once per export: startNow ahead, describe later, one load in one thread shared with the calls', async () => {
    const ahead = toolExportReader(workers);
    ahead.startNow('marks.mjs', 'f', dir);
    const first = ahead.describe('marks.mjs', 'f', dir);
    expect(ahead.describe('marks.mjs', 'f', dir)).toBe(first);
    expect(await first).toMatchObject({ ok: true, shape: { kind: 'function' } });
    const host = workers.hostFor({ kind: 'file', path: join(dir, 'marks.mjs') });
    const call = await host.call({
      target: { location: { kind: 'file', path: join(dir, 'marks.mjs') }, export_name: 'f', invoke: 'tool' },
      input: {},
      label: 'tool f',
    });
    expect(call).toEqual({ kind: 'returned', value: 1 });
  });

  it("loads a package in the thread, where the tool's calls find it from the config folder", async () => {
    expect(await reader.describe('my-tools', 'look', dir)).toEqual({
      ok: true,
      module: 'my-tools',
      shape: { kind: 'function' },
      location: expect.objectContaining({ kind: 'package', specifier: 'my-tools', base_dir: dir }),
    });
    expect(toolTarget('my-tools', 'look')).toBeNull();
    const target = toolTarget('my-tools', 'look', dir);
    expect(target?.location).toMatchObject({ kind: 'package', specifier: 'my-tools', base_dir: dir });
    const host = workers.hostFor(target?.location ?? { kind: 'file', path: '' });
    expect(await host.call({ target: target!, input: {}, label: 'tool look' })).toEqual({ kind: 'returned', value: 7 });
  });
});
