/**
 * A mistaken `backend: { module: ... }` is reported with an agent's example, and alone: the default backend that
 * stands in for it while the rest is checked is not the one meant, so what it needs (a model) is not asked for.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const AGENT = 'export const createAgent = () => ({ send: async () => ({ response: "ok" }) });\n';

async function validate(backend: string) {
  const dir = await writeProject({
    'agents/a.ts': AGENT,
    'agent.yaml': `name: bk\nbackend: ${backend}\ntest_cases:\n  - { name: c, input: hi }\n`,
  });
  return runCli(['validate', 'agent.yaml'], { cwd: dir });
}

describe('a mistaken module backend', () => {
  it('without its export name: an agent example, and no model asked for', async () => {
    const run = await validate('{ module: "agents/a.ts" }');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('1 configuration error:');
    expect(run.stderr).toMatch(
      /agent\.yaml:2:\d+ +backend\.module\n +must be "path\/or\/package:exportName" — for example "agents\/my-agent\.ts:createAgent"/,
    );
    expect(run.stderr).not.toContain('needs a model');
  });

  it('with a key it does not take: that key alone', async () => {
    const run = await validate('{ module: "agents/a.ts:createAgent", extra: 1 }');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('1 configuration error:');
    expect(run.stderr).toMatch(/backend\.extra\n +unknown key `extra`/);
    expect(run.stderr).not.toContain('needs a model');
  });
});
