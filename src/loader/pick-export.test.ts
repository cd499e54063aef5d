/** The exports a missing-export message lists: those the module has, `default` only when it has one. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolExportReader } from '../tools/describe-tool-export.js';
import { createToolWorkers } from '../tools/tool-workers.js';
import { importModuleExport, importUserExport } from './import-user-export.js';

const NAMED = 'export const grade = () => true;\nexport const other = 1;\n';
const WITH_DEFAULT = 'export const grade = () => true;\nexport default function main() { return true; }\n';

/** Modules by path; no package.json at the top, so `.ts` and `.js` files there run as CommonJS. */
const MODULES: Record<string, string> = {
  'cjs/named.ts': NAMED,
  'cjs/with-default.ts': WITH_DEFAULT,
  'esm/package.json': '{ "type": "module" }',
  'esm/named.ts': NAMED,
  'esm/with-default.ts': WITH_DEFAULT,
  'named.mjs': NAMED,
  'with-default.mjs': WITH_DEFAULT,
  'cjs/object.js': 'module.exports = { grade: () => true, other: 1 };\n',
  'cjs/exports.js': 'exports.grade = () => true;\n',
  'cjs/function.js': 'module.exports = function grade() { return true; };\n',
  'cjs/compiled.js':
    '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.grade = () => true;\n',
  'cjs/compiled-default.js':
    '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n' +
    'exports.grade = () => true;\nexports.default = () => true;\n',
};

let dir = '';
const workers = createToolWorkers({ stop_grace_ms: 200 });
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holodeck-export-names-'));
  for (const [name, text] of Object.entries(MODULES)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), text);
  }
});
afterAll(async () => {
  await workers.close();
  await rm(dir, { recursive: true, force: true });
});

const EXPECTED: readonly (readonly [string, readonly string[]])[] = [
  ['cjs/named.ts', ['grade', 'other']],
  ['cjs/with-default.ts', ['default', 'grade']],
  ['esm/named.ts', ['grade', 'other']],
  ['esm/with-default.ts', ['default', 'grade']],
  ['named.mjs', ['grade', 'other']],
  ['with-default.mjs', ['default', 'grade']],
  ['cjs/object.js', ['grade', 'other']],
  ['cjs/exports.js', ['grade']],
  ['cjs/function.js', ['default']],
  ['cjs/compiled.js', ['grade']],
  ['cjs/compiled-default.js', ['default', 'grade']],
];

describe('the exports a missing export is listed with', () => {
  it.each(EXPECTED)('%s (a grader): %j', async (file, available) => {
    const result = await importUserExport(`${file}:nope`, dir);
    expect(result).toMatchObject({ ok: false, reason: 'no_export', available_exports: available });
    expect(result.ok || result.message).toBe(
      `${join(dir, file)} has no export "nope" (available: ${available.join(', ')})`,
    );
  });

  it.each(EXPECTED)('%s (a tool, loaded in this thread): %j', async (file, available) => {
    const result = await importModuleExport(file, 'nope', dir);
    expect(result).toMatchObject({ ok: false, available_exports: available });
  });

  it('lists the same for a tool described in a worker thread', async () => {
    const reader = toolExportReader(workers, 5_000);
    for (const [file, available] of EXPECTED.filter(([name]) => name.startsWith('cjs/'))) {
      expect(await reader.describe(file, 'nope', dir)).toMatchObject({ ok: false, available_exports: available });
    }
  });
});
