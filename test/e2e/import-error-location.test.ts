/**
 * An error thrown while the author's module loads is located: the message names the file, line and column where
 * it was thrown in the user's code, for a module agent (imported in the main thread) and a grader (in a thread).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const THROWS =
  "const settings = {};\n\nconst key = settings.deep.key;\nexport function create() { return { send: () => 'x' }; }\nexport const grade = () => true;\n";

describe('an error thrown while a module loads', () => {
  it("names where a module agent's top level threw", async () => {
    const dir = await writeProject({
      'my agent/agent.mjs': THROWS,
      'agent.yaml': 'name: t\nbackend: { module: "my agent/agent.mjs:create" }\ntest_cases: [{ name: a, input: q }]\n',
    });
    const run = await runCli(['validate', 'agent.yaml'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /threw: TypeError: Cannot read properties of undefined \(reading 'key'\) \(at \/\S*\/my agent\/agent\.mjs:3:\d+\)/,
    );
  });

  it("names where a grader's top level threw", async () => {
    const dir = await writeProject({
      'agent.mjs': "export function create() { return { send: () => 'x' }; }\n",
      'grader.mjs': THROWS,
      'agent.yaml':
        'name: t\nbackend: { module: "agent.mjs:create" }\nevaluations: { metrics: [{ type: code, grader: "grader.mjs:grade" }] }\ntest_cases: [{ name: a, input: q }]\n',
    });
    const run = await runCli(['validate', 'agent.yaml'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/\(at \/\S*\/grader\.mjs:3:\d+\)/);
  });
});
