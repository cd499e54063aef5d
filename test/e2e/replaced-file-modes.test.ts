/**
 * A report holodeck writes over an existing file keeps that file's permissions: written aside and renamed over
 * it, it would otherwise take the umask's (a report kept at 640 became 644, readable by everyone).
 */
import { chmod, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = 'export function create() { return { send: (turn) => turn.input }; }\n';
const YAML = `name: Modes Agent
backend: { module: "agent.mjs:create" }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - { name: a, input: one, ground_truth: one }
`;

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('reports written over existing files', () => {
  it('keep the permissions of the files they replace; a new report gets the umask default', async () => {
    const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': YAML });
    const kept = ['x.json', 'x.md', 'x.xml', 'x.html'];
    for (const [index, name] of kept.entries()) {
      await writeFile(join(dir, name), 'old');
      await chmod(join(dir, name), index % 2 === 0 ? 0o640 : 0o600);
    }
    const outputs = [...kept, 'new.json'].flatMap((name) => ['--output', name]);
    const run = await runCli(['test', 'agent.yaml', '-q', ...outputs], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await Promise.all(kept.map((name) => modeOf(join(dir, name))))).toEqual([0o640, 0o600, 0o640, 0o600]);
    expect(await modeOf(join(dir, 'new.json'))).toBe(0o666 & ~process.umask());
  });
});
