/**
 * The Markdown report stays under GitHub's 1 MiB step summary limit however long the run: 150 cases answering
 * at length would make 1.3 MB; the report keeps the summary, every row and the failed case's details, leaves
 * out details of passed cases, and says so.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = `export function create() {
  return {
    async send(turn) {
      return turn.input === 'q7' ? 'The answer is 41.' : 'The answer is 42. ' + 'Reasoning step. '.repeat(500);
    },
  };
}
`;

describe('a Markdown report of a long run', () => {
  it('is under 1 MiB, keeps the failed case and every row, and says how many details it left out', async () => {
    const cases = Array.from({ length: 150 }, (_, i) => `  - name: c${i}\n    input: q${i}\n    ground_truth: "42"`);
    const dir = await writeProject({
      'agent.mjs': AGENT,
      'agent.yaml': `name: long\nbackend: { module: "agent.mjs:create" }\nevaluations:\n  metrics: [{ type: standard, metric: numeric }]\ntest_cases:\n${cases.join('\n')}\n`,
    });
    const run = await runCli(['test', 'agent.yaml', '--output', 'report.md', '--output', 'report.json', '-q'], {
      cwd: dir,
      timeoutMs: 120_000,
    });
    expect(run.stderr).toBe('');
    const md = await readFile(join(dir, 'report.md'));
    expect(md.length).toBeLessThan(1_048_576);
    const text = md.toString('utf8');
    expect(text).toContain('| **Test cases** |');
    for (let i = 0; i < 150; i += 1) expect(text).toContain(`| c${i} |`);
    const note = text.match(/^> ⚠️ This report is kept under 1,000,000 bytes .*$/m)?.[0] ?? '';
    const left = Number(note.match(/the details of (\d+) test cases \(\1 passed\) are left out/)?.[1]);
    expect(left).toBeGreaterThan(0);
    expect(note).toContain('The JSON report (`--output report.json`) and the run record (`results/`)');
    expect(text).toContain('## ❌ c7');
    expect(text).toContain('| **Result** | ❌ 1 of 150 test cases did not pass |');
    expect(text.match(/^## ✅ c\d+$/gm)).toHaveLength(149 - left);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as { results: unknown[] };
    expect(report.results).toHaveLength(150);
  }, 130_000);
});
