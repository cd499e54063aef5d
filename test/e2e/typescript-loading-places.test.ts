/**
 * TypeScript tools and graders load wherever the project is: in a folder whose name holds `#`, `%`, a space or
 * letters outside ASCII, importing a file beside them; and with a TMPDIR where tsx cannot make its cache
 * folder (its compiled code is then kept in memory). A `?` in the path is one tsx cannot load: the error says
 * so and what to do, rather than blaming the module.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

const YAML = `name: Places Agent
${modelBlock('openai', 'http://127.0.0.1:9')}
tools:
  - { name: add, type: function, file: tools/add.ts, function: add, parameters: { type: object, properties: { a: { type: number } } } }
evaluations:
  metrics: [{ type: code, grader: "graders/g.ts:hasAnswer" }]
test_cases:
  - { name: a, input: one, ground_truth: one }
`;

/** A project at `folder` (inside a new temporary folder): a TypeScript tool importing a file beside it, a grader. */
async function projectIn(folder: string, packageType: 'module' | 'commonjs'): Promise<string> {
  const root = await writeProject({
    [`${folder}/agent.yaml`]: YAML,
    [`${folder}/package.json`]: JSON.stringify({ type: packageType }),
    [`${folder}/tools/add.ts`]: `import { two } from './two${packageType === 'module' ? '.ts' : ''}';
export function add({ a }: { a: number }): number { return a + two; }
`,
    [`${folder}/tools/two.ts`]: 'export const two: number = 2;\n',
    [`${folder}/graders/g.ts`]: `export function hasAnswer(ctx: { agent_response: string }): boolean { return ctx.agent_response !== ''; }\n`,
  });
  return join(root, folder);
}

describe('where TypeScript user code loads from', () => {
  it('a folder named with #, %, a space and non-ASCII letters, as CommonJS and as ES modules', async () => {
    for (const type of ['commonjs', 'module'] as const) {
      const project = await projectIn('o#u t%20 ü', type);
      const run = await runCli(['validate', join(project, 'agent.yaml')]);
      expect({ type, stderr: run.stderr, code: run.code }).toEqual({ type, stderr: '', code: 0 });
    }
  });

  it('a TMPDIR where tsx cannot make its cache folder: the code loads all the same', async () => {
    const project = await projectIn('p', 'commonjs');
    await writeFile(join(project, 'not-a-folder'), 'x');
    const tmp = join(project, 'not-a-folder', 'tmp');
    const run = await runCli(['validate', join(project, 'agent.yaml')], {
      env: { TMPDIR: tmp, TSX_DISABLE_CACHE: undefined },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('a path holding a "?": a configuration error naming that cause, for the tool and the grader', async () => {
    const project = await projectIn('w/a?b', 'commonjs');
    const run = await runCli(['validate', join(project, 'agent.yaml')]);
    expect(run.code).toBe(2);
    const cause =
      ': tsx, which loads TypeScript, cannot load a file whose path holds a "?" (it reads the rest as a URL query) — rename the folder or file whose name holds the "?", or write the module in JavaScript (.mjs), which Node loads itself';
    for (const file of ['tools/add.ts', 'graders/g.ts']) {
      expect(run.stderr).toContain(`importing ${join(project, file)} threw: `);
      expect(run.stderr).toMatch(new RegExp(`${file.replace('.', '\\.')} threw: [^\\n]*${escapeRegExp(cause)}\\n`));
    }
    expect(run.stderr).not.toContain('fix the error in the module');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
