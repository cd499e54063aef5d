/**
 * An error caused by a value of the environment says which variable gave it, since neither the command line nor
 * agent.yaml shows it: HOLODECK_BACKEND, HOLODECK_OUTPUT, the ${VAR} of an api_key (and a literal empty api_key
 * names none).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const CASES = 'test_cases:\n  - { name: x, input: "q", ground_truth: "1" }\n';
const LOCAL = 'endpoint: "http://127.0.0.1:9/v1"';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holodeck-env-named-'));
  const write = (name: string, model: string) =>
    writeFile(join(dir, name), `name: e\nmodel: { provider: openai, name: gpt-4o-mini, ${model} }\n${CASES}`);
  await write('plain.yaml', 'api_key: sk-test-0123456789');
  await write('literal.yaml', `${LOCAL}, api_key: ''`);
  await write('from-var.yaml', `${LOCAL}, api_key: "\${MY_MODEL_KEY}"`);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const BASE = { HOLODECK_BACKEND: undefined, HOLODECK_OUTPUT: undefined, OPENAI_API_KEY: undefined };

describe('errors name the environment variable that caused them', () => {
  it('HOLODECK_BACKEND gave a backend that cannot serve the model', async () => {
    const run = await runCli(['test', 'plain.yaml'], {
      cwd: dir,
      env: { ...BASE, HOLODECK_BACKEND: 'claude_agent_sdk' },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /plain\.yaml:2:\d+ +model\.provider\n +backend claude_agent_sdk \(from the environment variable HOLODECK_BACKEND: agent\.yaml names no backend\) runs Anthropic models only/,
    );
    expect(run.stderr).toMatch(/unset HOLODECK_BACKEND/);
  });

  it('HOLODECK_OUTPUT names a report whose format cannot be told', async () => {
    const run = await runCli(['test', 'plain.yaml'], { cwd: dir, env: { ...BASE, HOLODECK_OUTPUT: 'x.txt' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /environment variable HOLODECK_OUTPUT="x\.txt": cannot tell the report format of "x\.txt"/,
    );
  });

  it('an empty api_key says whether a variable filled it', async () => {
    const literal = await runCli(['validate', 'literal.yaml'], { cwd: dir, env: BASE });
    expect(literal.code).toBe(2);
    expect(literal.stderr).toMatch(/api_key is empty — write the key there, or leave api_key out/);
    expect(literal.stderr).not.toMatch(/the variable it names/);
    const fromVar = await runCli(['validate', 'from-var.yaml'], { cwd: dir, env: { ...BASE, MY_MODEL_KEY: '' } });
    expect(fromVar.code).toBe(2);
    expect(fromVar.stderr).toMatch(
      /api_key is empty: \$\{MY_MODEL_KEY\} is set to nothing — give MY_MODEL_KEY the key/,
    );
  });
});
