import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportReader } from '../workers/export-reader.js';
import { prefetchUserCode } from './prefetch-user-code.js';

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
  // What each reader is asked to start now, noted: the readers themselves are tested with real threads.
  const noting = (kind: string): ExportReader => ({
    describe: async () => null,
    startNow: (specifier, exportName, baseDir) => void asked.push(`${kind} ${specifier} ${exportName} ${baseDir}`),
  });
  prefetchUserCode(at(join(dir, 'project')), { tools: noting('tool'), graders: noting('grader') });
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

describe('prefetchUserCode', () => {
  it('asks for each function tool the configuration lists, by its export, from its folder', async () => {
    expect(await started(TOOLS)).toEqual([
      'tool tools/arithmetic.ts add <dir>/project',
      'tool tools/arithmetic.ts subtract <dir>/project',
    ]);
  });

  it("asks for each code grader the file lists, the agent's, a test case's and a turn's, once each", async () => {
    const yaml = `name: a
evaluations:
  metrics:
    - { type: code, grader: "graders/answer.ts:closeEnough", name: close }
    - { type: standard, metric: equality }
    - { type: code, grader: "\${GRADERS}/x.ts:grade", name: secret }
test_cases:
  - name: one
    input: q
    evaluations: [{ type: code, grader: "graders/answer.ts:closeEnough", name: again }]
  - name: two
    turns:
      - input: q
        evaluations: [{ type: code, grader: "grading-package:turnProgram", name: program }]
      - { input: r, evaluations: [{ type: code, grader: "no-export-here", name: bad }] }
`;
    expect(await started(yaml)).toEqual([
      'grader graders/answer.ts closeEnough <dir>/project',
      'grader grading-package turnProgram <dir>/project',
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
