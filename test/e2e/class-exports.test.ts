/**
 * A class exported where holodeck expects a function (a grader, a function tool, a module agent's factory) is
 * refused when the configuration loads, located, with exit 2: holodeck calls these without `new`, so a class
 * would throw on every call.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const MODULE = 'export class G {}\nexport const grade = (): boolean => true;\n';

describe('a class exported as a grader, a tool or an agent factory', () => {
  it('is a configuration error at its place in agent.yaml, for validate and test alike', async () => {
    const dir = await writeProject({
      'code/cls.ts': MODULE,
      'agent.yaml': `name: cls
backend: { module: "code/cls.ts:G" }
tools:
  - { type: function, name: t1, file: code/cls.ts, function: G, parameters: { type: object } }
test_cases:
  - name: c
    input: q1
    evaluations:
      - { type: code, grader: "code/cls.ts:G" }
`,
    });
    for (const command of ['validate', 'test']) {
      const run = await runCli([command, 'agent.yaml'], { cwd: dir });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        /agent\.yaml:2:\d+ +backend\.module\n +the agent module "code\/cls\.ts:G" is not a function \(it is a class\)/,
      );
      expect(run.stderr).toMatch(
        /agent\.yaml:4:\d+ +tools\[0\]\.function\n +tool "t1": the export "G" is neither a function nor a tool definition \(it is a class\)/,
      );
      expect(run.stderr).toMatch(
        /agent\.yaml:9:\d+ +test_cases\[0\] "c" › evaluations\[0\]\.grader\n +grader "code\/cls\.ts:G" is not a function \(it is a class\)/,
      );
    }
  });
});
