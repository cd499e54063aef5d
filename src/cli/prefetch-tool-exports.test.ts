import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolExportReader } from '../tools/describe-tool-export.js';
import { prefetchToolExports } from './prefetch-tool-exports.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function started(yaml: string, file = 'agent.yaml', at: (dir: string) => string = (d) => d): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-prefetch-'));
  dirs.push(dir);
  await mkdir(join(dir, 'project'));
  await writeFile(join(dir, 'project', file), yaml);
  const asked: string[] = [];
  const reader: ToolExportReader = {
    describe: async () => null,
    startNow: (specifier, exportName, baseDir) => void asked.push(`${specifier} ${exportName} ${baseDir}`),
  };
  prefetchToolExports(at(join(dir, 'project')), reader);
  return asked.map((line) => line.replace(dir, '<dir>'));
}

const TOOLS = `name: a
tools:
  - { name: add, type: function, file: tools/arithmetic.ts }
  - { name: minus, type: function, file: tools/arithmetic.ts, function: subtract }
  - { name: search, type: mcp, command: server }
  - { name: secret, type: function, file: "\${TOOLS_DIR}/x.ts" }
  - { name: odd, type: function, file: 42 }
`;

describe('prefetchToolExports', () => {
  it('asks for each function tool the configuration lists, by its export, from its folder', async () => {
    expect(await started(TOOLS)).toEqual([
      'tools/arithmetic.ts add <dir>/project',
      'tools/arithmetic.ts subtract <dir>/project',
    ]);
  });

  it('finds the file as the load does: a file, or agent.yaml / agent.yml in a folder', async () => {
    expect(await started(TOOLS, 'agent.yml')).toHaveLength(2);
    expect(await started(TOOLS, 'other.yaml', (d) => join(d, 'other.yaml'))).toHaveLength(2);
  });

  it('leaves to the load what it cannot read plainly, without throwing', async () => {
    expect(await started('name: [unclosed\ntools: { type: function')).toEqual([]);
    expect(await started('name: a\ntools: 3\n')).toEqual([]);
    expect(await started(TOOLS, 'agent.yaml', (d) => join(d, 'missing.yaml'))).toEqual([]);
    expect(await started(TOOLS, 'elsewhere.yaml')).toEqual([]);
    expect(await started(`${TOOLS}# ${'x'.repeat(1024 * 1024)}\n`)).toEqual([]);
  });
});
