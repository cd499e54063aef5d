/**
 * A module agent that stubs the clock and the timers, as fake-timer and mock-date libraries do, changes its own
 * world, not the run's: a turn that took too long is still timed out and said to be late, a turn waiting on a
 * stubbed timer still ends at its time limit, and the run record is named after the real time.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = `const realNow = Date.now;
const spin = (ms) => { const end = realNow() + ms; while (realNow() < end) {} };
Date.now = () => 1_000_000;
performance.now = () => 5;
const RealDate = Date;
globalThis.Date = class extends RealDate { constructor() { super(1_000_000); } static now() { return 1_000_000; } };
globalThis.setTimeout = () => 0;
globalThis.clearTimeout = () => {};
globalThis.setInterval = () => 0;
globalThis.clearInterval = () => {};
export function create() {
  return {
    async send(turn) {
      if (turn.input === 'spin') spin(2500);
      if (turn.input === 'sleep') await new Promise((resolve) => setTimeout(resolve, 10));
      return 'ok';
    },
  };
}
`;
const YAML = `name: stubs
backend: { module: "agent.mjs:create" }
execution: { llm_timeout: 1 }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - { name: fast, input: fast, ground_truth: ok }
  - { name: spin, input: spin, ground_truth: ok }
  - { name: sleep, input: sleep, ground_truth: ok }
`;

describe('an agent that stubs the clock and the timers', () => {
  for (const workers of ['1', '2']) {
    it(`cannot make a late turn pass, nor hold one past its time limit (--workers ${workers})`, async () => {
      const dir = await writeProject({ 'agent.mjs': AGENT, 'agent.yaml': YAML });
      const run = await runCli(['test', 'agent.yaml', '--workers', workers], { cwd: dir, timeoutMs: 60_000 });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toMatch(/✓ fast/);
      expect(run.stdout).toMatch(
        /! spin ERROR\n\s+turn timed out after 1s \(llm_timeout\): the agent's answer came in only after 2\.\ds/,
      );
      expect(run.stdout).toMatch(/! sleep ERROR\n\s+turn timed out after 1s \(llm_timeout\)/);
      const [record = ''] = (await readdir(join(dir, 'results', 'stubs'))).filter((name) => name.endsWith('.json'));
      expect(record.startsWith(String(new Date().getUTCFullYear()))).toBe(true);
    });
  }
});
