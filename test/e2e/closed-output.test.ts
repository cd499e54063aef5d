/**
 * A console that goes away does not end the run: `holodeck test | head` closes stdout after a few lines, and
 * the run still goes to its end, writes its run record and reports, and exits with its verdict.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = `export function create() {
  return {
    async send(turn) {
      console.error('agent log:', turn.input);
      await new Promise((done) => setTimeout(done, 20));
      return turn.input === 'c7' ? 'wrong' : turn.input;
    },
  };
}
`;

function project(): Promise<string> {
  const cases = Array.from({ length: 12 }, (_, i) => `  - name: c${i}\n    input: c${i}\n    ground_truth: c${i}`);
  return writeProject({
    'agent.mjs': AGENT,
    'agent.yaml': `name: piped\nbackend: { module: "agent.mjs:create" }\nevaluations:\n  metrics: [{ type: standard, metric: equality }]\ntest_cases:\n${cases.join('\n')}\n`,
  });
}

describe('a console that goes away', () => {
  for (const stream of ['stdout', 'stderr'] as const) {
    it(`does not stop the run when ${stream} is closed after its first line: every case runs, the verdict is the exit code`, async () => {
      const dir = await project();
      const run = await runCli(['test', 'agent.yaml', '-j', '1', '--output', 'report.json', '-v'], {
        cwd: dir,
        onSpawn: (child) => {
          const output = stream === 'stdout' ? child.stdout : child.stderr;
          output?.once('data', () => output.destroy());
        },
      });
      expect(run.code).toBe(1);
      if (stream === 'stdout') expect(run.stderr).not.toMatch(/uncaught|EPIPE|stopping the run/);
      else expect(run.stdout).toContain('Run completed');
      const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as {
        results: { test_name: string; status: string }[];
      };
      expect(report.results).toHaveLength(12);
      expect(report.results.filter((result) => result.status !== 'passed').map((result) => result.test_name)).toEqual([
        'c7',
      ]);
      const records = await readdir(join(dir, 'results', 'piped'));
      expect(records).toHaveLength(1);
    });
  }
});
