/**
 * A TypeScript tool or grader is compiled and resolved with the tsconfig.json nearest to it: its `paths` aliases
 * work whichever folder holodeck runs from, and a tsconfig.json of that folder never takes their place.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const TSCONFIG = '{"compilerOptions":{"baseUrl":".","paths":{"@lib/*":["src/lib/*"]}}}';
const helper = (answer: string) => `export const helper = (): string => "${answer}";\n`;

async function project(esm: boolean): Promise<string> {
  return writeProject({
    ...(esm ? { 'package.json': '{"type":"module"}' } : {}),
    'tsconfig.json': TSCONFIG,
    'src/lib/helper.ts': helper('right'),
    'tools.ts': 'import { helper } from "@lib/helper";\nexport function t(): string {\n  return helper();\n}\n',
    'g.ts':
      'import { helper } from "@lib/helper";\nexport const g = () => ({ score: helper() === "right" ? 1 : 0, reason: helper() });\n',
    'agent.mjs': 'export const createAgent = () => ({ send: () => "x" });\n',
    'agent.yaml': `name: h
backend: { module: "agent.mjs:createAgent" }
tools:
  - { name: t, type: function, file: tools.ts, function: t, parameters: { type: object, properties: {} } }
evaluations: { metrics: [ { type: code, grader: "g.ts:g" } ] }
test_cases:
  - { name: c1, input: hi }
`,
  });
}

describe("a TypeScript module's tsconfig paths", () => {
  beforeAll(() => {
    expect(existsSync(fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url)))).toBe(true);
  });

  it('are read beside the module, from a folder without a tsconfig.json and from one mapping them elsewhere', async () => {
    const bare = await writeProject({ 'readme.txt': 'no tsconfig here\n' });
    const other = await writeProject({ 'tsconfig.json': TSCONFIG, 'src/lib/helper.ts': helper('wrong') });
    const runs = [];
    for (const esm of [false, true]) {
      const dir = await project(esm);
      for (const cwd of [dir, bare, other]) runs.push({ dir, cwd, out: join(cwd, `out-${esm}.json`) });
    }
    const results = await Promise.all(
      runs.map(({ dir, cwd, out }) => runCli(['test', join(dir, 'agent.yaml'), '--output', out], { cwd })),
    );
    for (const [index, run] of results.entries()) {
      expect(run.stderr).not.toContain('@lib/helper');
      expect(run.code).toBe(0);
      const report = await readFile(runs[index]!.out, 'utf8');
      expect(report).toContain('"right"');
      expect(report).not.toContain('"wrong"');
    }
  }, 60_000);
});
