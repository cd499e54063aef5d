/**
 * A configuration with mistakes of several kinds gets all of them in one run, `validate` and `test` alike:
 * the schema's, the user code's, and those of the checks that need the rest of the configuration built (API
 * keys, ground truths a numeric metric cannot read), each located, in file order, with exit 2.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holodeck-at-once-'));
  await writeFile(join(dir, 'g.mjs'), 'export const f = () => true;\n');
  await writeFile(
    join(dir, 'staged.yaml'),
    `name: staged
model: { provider: openai, name: gpt-4o-mini }
instructions: { inline: "x" }
execution: { llm_timeout: 0 }
test_cases:
  - { name: x, input: "q", ground_truth: "twelve", evaluations: [{type: standard, metric: numeric}] }
`,
  );
  await writeFile(
    join(dir, 'mixed.yaml'),
    `name: mixed
modle: 1
model: { provider: openai, name: gpt-4o-mini }
instructions: { inline: "x" }
test_cases:
  - { name: x, input: "q", ground_truth: "twelve", evaluations: [{type: standard, metric: numeric}] }
  - { name: z, input: "q", evaluations: [{type: code, grader: "g.mjs:nope"}] }
`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const NO_KEY = { OPENAI_API_KEY: undefined, HOLODECK_LLM_TIMEOUT: undefined, HOLODECK_TIMEOUT: undefined };

describe.each(['validate', 'test'])('holodeck %s reports every configuration error in one run', (command) => {
  it('a refused setting beside a missing API key and an unreadable ground truth', async () => {
    const run = await runCli([command, 'staged.yaml'], { cwd: dir, env: NO_KEY });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^3 configuration errors:/);
    const located = [...run.stderr.matchAll(/^staged\.yaml:(\d+):(\d+) +(.+)$/gm)].map((m) => `${m[1]} ${m[3]}`);
    expect(located).toEqual(['2 model', '4 execution.llm_timeout', '6 test_cases[0] "x" › ground_truth']);
    expect(run.stderr).toMatch(/no API key for provider openai/);
    expect(run.stderr).toMatch(/the ground truth "twelve" is not a number/);
  });

  it('an unknown key and a missing grader export beside a missing API key and an unreadable ground truth', async () => {
    const run = await runCli([command, 'mixed.yaml'], { cwd: dir, env: NO_KEY });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^4 configuration errors:/);
    const located = [...run.stderr.matchAll(/^mixed\.yaml:(\d+):\d+ +(.+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(located).toEqual([
      '2 modle',
      '3 model',
      '6 test_cases[0] "x" › ground_truth',
      '7 test_cases[1] "z" › evaluations[0].grader',
    ]);
    expect(run.stderr).toMatch(/has no export "nope"/);
  });
});
