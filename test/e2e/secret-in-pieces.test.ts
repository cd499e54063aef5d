/**
 * User code that writes a secret to stdout or stderr in pieces, each no secret alone: what reaches the terminal
 * is masked all the same, in the main thread and from worker threads (a module agent, a code grader).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const SECRET = 'sk-test-secret-abcdef123456';

const AGENT = `export function create() {
  return {
    send() {
      const key = process.env.OPENAI_API_KEY;
      process.stdout.write('A1 ' + key.slice(0, 12));
      process.stdout.write(key.slice(12) + ' done\\n');
      process.stderr.write('A2 ' + key.slice(0, 5));
      process.stderr.write(key.slice(5, 20));
      process.stderr.write(key.slice(20) + '\\n');
      return 'ok';
    },
  };
}
`;

const GRADER = `export function pieces() {
  const key = process.env.OPENAI_API_KEY;
  process.stdout.write('G1 ' + key.slice(0, 8));
  process.stdout.write(key.slice(8) + '\\n');
  return { score: 1 };
}
`;

describe('a secret written in pieces', () => {
  it.each([[[]], [['--workers', '2']]])('is masked in what reaches stdout and stderr (%j)', async (args) => {
    const dir = await writeProject({
      'agent.mjs': AGENT,
      'graders.mjs': GRADER,
      'agent.yaml': `name: pieces
backend: { module: "agent.mjs:create" }
evaluations:
  metrics: [{ type: code, grader: "graders.mjs:pieces" }]
test_cases:
  - { name: a, input: hello }
  - { name: b, input: again }
`,
    });
    const run = await runCli(['test', 'agent.yaml', ...args], { cwd: dir, env: { OPENAI_API_KEY: SECRET } });
    expect(run.code, run.stderr).toBe(0);
    const output = `${run.stdout}\n${run.stderr}`;
    expect(output).not.toContain(SECRET.slice(8));
    expect(output).toContain('A1 ***OPENAI_API_KEY done');
    expect(output).toContain('A2 ***OPENAI_API_KEY');
    expect(output).toContain('G1 ***OPENAI_API_KEY');
  });
});
