/**
 * A module agent's module is imported in the main thread when the configuration loads. A top level that waits
 * for ever while something else keeps the process alive (a grader's thread, a timer of its own) is given up on
 * after the same 30 s a tool's or a grader's module gets: a located configuration error, exit code 2.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = 'export const createAgent = () => ({ send: () => "x" });\n';
const CASES = 'test_cases:\n  - { name: c1, input: hi }\n';
const BACKEND = 'name: h\nbackend: { module: "agent.mjs:createAgent" }\n';

describe('a module agent whose top level waits for ever', () => {
  beforeAll(() => {
    expect(existsSync(fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url)))).toBe(true);
  });

  it('is a configuration error after 30 s, with a grader thread alive or a timer of its own', async () => {
    const withGrader = await writeProject({
      'package.json': '{"type":"module"}',
      'agent.mjs': `await new Promise(() => {});\n${AGENT}`,
      'g.mjs': 'export const g = () => true;\n',
      'agent.yaml': `${BACKEND}evaluations: { metrics: [ { type: code, grader: "g.mjs:g" } ] }\n${CASES}`,
    });
    const withTimer = await writeProject({
      'package.json': '{"type":"module"}',
      'agent.mjs': `await new Promise((r) => setTimeout(r, 3600e3));\n${AGENT}`,
      'agent.yaml': `${BACKEND}${CASES}`,
    });
    const runs = await Promise.all([
      runCli(['validate', 'agent.yaml'], { cwd: withGrader, timeoutMs: 55_000 }),
      runCli(['test', 'agent.yaml'], { cwd: withGrader, timeoutMs: 55_000 }),
      runCli(['test', 'agent.yaml'], { cwd: withTimer, timeoutMs: 55_000 }),
    ]);
    for (const [index, run] of runs.entries()) {
      const dir = index < 2 ? withGrader : withTimer;
      expect(run.signal).toBeNull();
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('agent.yaml:2:20  backend.module');
      expect(run.stderr).toContain(
        `importing ${join(dir, 'agent.mjs')} did not finish within 30 s: its top level blocks (an endless loop?) or waits for something that does not come`,
      );
    }
  }, 60_000);
});
