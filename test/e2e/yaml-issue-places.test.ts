/**
 * Where `holodeck validate` points for mistakes YAML hides: a key written twice inside a flow mapping, and a
 * value used again through an alias.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const HEAD = `name: places
model: { provider: openai, name: gpt-4o-mini, endpoint: "http://127.0.0.1:9/v1", api_key: sk-test }
instructions: { inline: "answer" }
`;

async function validate(agent: string): Promise<{ readonly code: number | null; readonly stderr: string }> {
  const dir = await writeProject({ 'agent.yaml': agent });
  const run = await runCli(['validate', 'agent.yaml'], { cwd: dir });
  return { code: run.code, stderr: run.stderr };
}

describe('validate points at the YAML as written', () => {
  it('names the key written twice inside a flow mapping', async () => {
    const model = await validate(
      'name: x\nmodel: { provider: openai, name: m, endpoint: "http://a/v1", endpoint: "http://b/v1" }\n',
    );
    expect(model.code).toBe(2);
    expect(model.stderr).toContain('agent.yaml:2:62\n  YAML syntax error: the key `endpoint` appears twice');
    const cases = await validate(`${HEAD}test_cases: [{name: a, input: b, input: c}]\n`);
    expect(cases.code).toBe(2);
    expect(cases.stderr).toContain('agent.yaml:4:34\n  YAML syntax error: the key `input` appears twice');
  });

  it('locates a test case used again through an alias at the alias, not at its anchor', async () => {
    const run = await validate(`${HEAD}test_cases:\n  - &c { name: same, input: "q" }\n  - *c\n`);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/agent\.yaml:6:5 +test_cases\[1\] "same" › name\n.*duplicate test case name "same"/);
  });
});
