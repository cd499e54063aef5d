/**
 * A ground truth the equality metric's normalisation empties (`!!!` with `strip_punctuation`) would equal any
 * answer without a letter or digit: `validate` and `test` refuse it before any model call, located, exit 2.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holodeck-emptied-'));
  await writeFile(
    join(dir, 'agent.yaml'),
    `name: punct
model: { provider: openai, name: gpt-4o-mini, endpoint: "http://127.0.0.1:9/v1", api_key: sk-test-0123456789 }
instructions: { inline: "x" }
evaluations:
  metrics: [{ type: standard, metric: equality, strip_punctuation: true }]
test_cases:
  - { name: kept, input: q, ground_truth: "yes!" }
  - name: talk
    turns:
      - { input: q1, ground_truth: "a1" }
      - { input: q2, ground_truth: "!!!" }
  - { name: strict, input: q, ground_truth: "?", evaluations: [{ type: standard, metric: equality }] }
`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.each(['validate', 'test'])('holodeck %s', (command) => {
  it('refuses a ground truth that strip_punctuation empties, at its line', async () => {
    const run = await runCli([command, 'agent.yaml'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^1 configuration error/);
    expect(run.stderr).toMatch(
      /agent\.yaml:11:\d+ +test_cases\[1\] "talk" › turns\[1\]\.ground_truth[\s\S]*the ground truth "!!!" is empty once normalised \(strip_punctuation\): any answer without a letter or digit would equal it/,
    );
  });
});
