/**
 * A score just under its threshold fails, and every report shows it with the digits that say so: 0.49996 against
 * 0.5, never "0.5 / threshold 0.5" beside a failure.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

describe('a score beside its threshold', () => {
  it('reads apart from the threshold in the console, Markdown and JUnit when they differ', async () => {
    const dir = await writeProject({
      'agent.mjs': "export const create = () => ({ send: () => 'an answer' });\n",
      'grader.mjs':
        'export const almost = () => ({ score: 0.49996 });\nexport const close = () => ({ score: 0.8333 });\n',
      'agent.yaml': `name: close
backend: { module: "agent.mjs:create" }
evaluations:
  metrics:
    - { type: code, name: almost, grader: "grader.mjs:almost", threshold: 0.5 }
    - { type: code, name: close, grader: "grader.mjs:close", threshold: 0.83335 }
test_cases:
  - { name: close-call, input: q }
`,
    });
    const run = await runCli(['test', 'agent.yaml', '-v', '--output', 'r.md', '--output', 'r.xml'], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain('✗ metric almost (code)  score 0.49996 / threshold 0.5');
    // The threshold too keeps the digits that tell it from the score.
    expect(run.stdout).toContain('✗ metric close (code)  score 0.8333 / threshold 0.8334');
    expect(await readFile(join(dir, 'r.md'), 'utf8')).toContain('| almost (code) | 0.49996 | 0.5 | ❌ failed |');
    expect(await readFile(join(dir, 'r.xml'), 'utf8')).toContain('metric almost 0.49996 failed');
  });
});
