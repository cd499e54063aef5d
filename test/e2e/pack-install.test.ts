/**
 * The package as a user gets it: `npm pack` of this repository installed into a fresh `npm init -y` project
 * (CommonJS, as npm writes it), then `npx holodeck` there. TypeScript tools and graders that import from
 * 'holodeck' load in that CommonJS project and in an ES-module one; the `$schema` path exists; the Claude
 * Agent SDK and native canvas binaries are not installed, and the CLI says how to add the SDK when asked for.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { shopScript } from './init-project.js';

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The environment of a user's shell: none of the variables `npm test` sets for this repository (they would
 * point npm at it), no key or endpoint of the caller's.
 */
function userEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...extra };
  for (const key of Object.keys(env)) {
    const repoScoped = /^npm_(package_|lifecycle_|command$|config_local_prefix$)/.test(key) || key === 'INIT_CWD';
    const vitest = key === 'NODE_ENV' || key.startsWith('VITEST');
    const secret = /^(OLLAMA_HOST|OPENAI_|ANTHROPIC_|AZURE_)/.test(key) && !(key in extra);
    if (repoScoped || vitest || secret) delete env[key];
  }
  return env;
}

/** Runs a command without blocking this process (the fake model server answers from here). */
function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: userEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not finish in 180 s\n${stdout}\n${stderr}`));
    }, 180_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A one-page PDF showing `lines` (offsets computed, so PDF readers accept it). */
function buildPdf(lines: readonly string[]): string {
  const stream = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((l) => `(${l}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}

/** A module agent of the user's, in TypeScript: it counts the words of the PDF it is given with a tool. */
const READER_AGENT_TS = `import type { ModuleAgentFactory } from 'holodeck';

export const createReader: ModuleAgentFactory = ({ tools }) => ({
  async send(turn) {
    const text = turn.files.map((file) => (file.kind === 'text' ? file.text : '')).join(' ').replace(/\\s+/g, ' ');
    const words = await tools.word_count!({ text });
    return \`The report reads "\${text}" (\${words} words).\`;
  },
});
`;

const WORD_COUNT_TS = `import { defineTool } from 'holodeck';

export const wordCount = defineTool({
  description: 'The number of words in a text',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: ({ text }: { text: string }) => text.split(/\\s+/).filter((word) => word !== '').length,
});
`;

const READER_YAML = `# yaml-language-server: $schema=./node_modules/holodeck/schema/agent.schema.json
name: report-reader
backend:
  module: agents/reader.ts:createReader
tools:
  - name: word_count
    type: function
    file: tools/word-count.ts
    function: wordCount
evaluations:
  metrics:
    - type: standard
      metric: contains
      values: ["Net cash from operating activities 2009: 206588", "(7 words)"]
test_cases:
  - name: annual-report
    input: What does the report say?
    files: [{ path: report.pdf, type: pdf }]
    expected_tools: [word_count]
`;

let packDir = '';
let project = '';
let install: Run = { code: null, stdout: '', stderr: '' };
let server: FakeModelServer | null = null;

beforeAll(async () => {
  packDir = await mkdtemp(join(tmpdir(), 'holodeck-pack-'));
  project = await mkdtemp(join(tmpdir(), 'holodeck-user-project-'));
  const pack = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', packDir], REPO_ROOT);
  expect(pack.code, pack.stderr).toBe(0);
  const [{ filename }] = JSON.parse(pack.stdout) as [{ filename: string }];
  expect((await run('npm', ['init', '-y'], project)).code).toBe(0);
  install = await run(
    'npm',
    ['install', '--save-dev', join(packDir, filename), '--prefer-offline', '--no-audit', '--no-fund'],
    project,
  );
  expect(install.code, install.stderr).toBe(0);
}, 300_000);

afterEach(async () => {
  await server?.close();
  server = null;
});

afterAll(async () => {
  await rm(packDir, { recursive: true, force: true });
  await rm(project, { recursive: true, force: true });
});

const npx = (args: readonly string[], env: Readonly<Record<string, string>> = {}) =>
  run('npx', ['holodeck', ...args], project, env);

describe('the packed package installed into a fresh npm project', () => {
  it('installs without the Claude Agent SDK, pdf.js or native canvas binaries, with the schema the README names', async () => {
    const manifest = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')) as { type?: string };
    expect(manifest.type ?? 'commonjs').toBe('commonjs');
    const modules = join(project, 'node_modules');
    expect(existsSync(join(modules, 'holodeck', 'schema', 'agent.schema.json'))).toBe(true);
    expect(existsSync(join(modules, 'holodeck', 'schema', 'test-cases.schema.json'))).toBe(true);
    expect(existsSync(join(modules, 'unpdf'))).toBe(true);
    for (const absent of ['@anthropic-ai/claude-agent-sdk', 'pdfjs-dist', '@napi-rs/canvas']) {
      expect(existsSync(join(modules, absent)), absent).toBe(false);
    }
    // npm's only notice: esbuild (tsx's compiler) has an install script this new project has not reviewed.
    const warnings = install.stderr.split('\n').filter((line) => line.startsWith('npm warn'));
    expect(warnings.filter((line) => !line.startsWith('npm warn install-scripts'))).toEqual([]);
    const unreviewed = warnings.flatMap((line) => /^npm warn install-scripts {3}(\S+)@/.exec(line)?.[1] ?? []);
    expect(unreviewed.filter((name) => name !== 'esbuild')).toEqual([]);
  });

  it('runs `npx holodeck --help`', async () => {
    const help = await npx(['--help']);
    expect(help.stderr).toBe('');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: holodeck /);
    for (const command of ['test', 'validate', 'init', 'merge-reports']) expect(help.stdout).toContain(command);
  });

  it('inits, validates and tests a TypeScript project that imports from holodeck (CommonJS project)', async () => {
    const init = await npx(['init']);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('  tools/calculator.ts ');
    expect(init.stdout).not.toContain('npm install');
    const yaml = await readFile(join(project, 'agent.yaml'), 'utf8');
    expect(yaml).toMatch(/^# yaml-language-server: \$schema=node_modules\/holodeck\/schema\/agent\.schema\.json\n/);
    expect(await readFile(join(project, 'tools', 'calculator.ts'), 'utf8')).toContain(
      "import { defineTool } from 'holodeck';",
    );

    const validate = await npx(['validate']);
    expect(validate.stderr).toBe('');
    expect(validate.code).toBe(0);
    expect(validate.stdout).toMatch(/is valid: agent "shop-assistant", 1 test case, 2 turns, 2 tools/);

    server = await startFakeModelServer(shopScript(50));
    const test = await npx(['test', '--output', 'report.json'], { OLLAMA_HOST: server.url });
    expect(test.code, test.stdout + test.stderr).toBe(0);
    // The project's own install puts no holodeck on the PATH: the printed command says npx.
    expect(test.stdout + test.stderr).toContain('dashboard   npx holodeck test view agent.yaml');
    const result = (JSON.parse(await readFile(join(project, 'report.json'), 'utf8')) as RunReport).results[0]!;
    expect(result).toMatchObject({ test_name: 'laptop-with-voucher', passed: true });
    expect(result.turns!.map((t) => t.tool_invocations.map((call) => [call.name, call.result]))).toEqual([
      [['lookup_price', 1250]],
      [['calculator', 1200]],
    ]);
    expect(result.turns!.map((t) => t.metric_results.map((m) => [m.metric_name, m.passed]))).toEqual([
      [
        ['numeric', true],
        ['uses_tool_result', true],
      ],
      [
        ['numeric', true],
        ['uses_tool_result', true],
      ],
    ]);
  });

  it('tests the same TypeScript files in an ES-module project ("type": "module")', async () => {
    expect((await npx(['init', 'esm'])).code).toBe(0);
    await writeFile(join(project, 'esm', 'package.json'), '{ "type": "module" }\n');
    const yaml = await readFile(join(project, 'esm', 'agent.yaml'), 'utf8');
    const schemaPath = /^# yaml-language-server: \$schema=(\S+)\n/.exec(yaml)?.[1];
    expect(schemaPath).toBe('../node_modules/holodeck/schema/agent.schema.json');
    expect(existsSync(join(project, 'esm', schemaPath!))).toBe(true);

    server = await startFakeModelServer(shopScript(50));
    const test = await npx(['test', 'esm', '--output', 'esm/report.json'], { OLLAMA_HOST: server.url });
    expect(test.code, test.stdout + test.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(project, 'esm', 'report.json'), 'utf8')) as RunReport;
    expect(report.results.map((r) => [r.test_name, r.passed])).toEqual([['laptop-with-voucher', true]]);
  });

  it('runs a TypeScript module agent with a defineTool tool over a PDF file', async () => {
    await writeFile(join(project, 'reader.yaml'), READER_YAML);
    await writeFile(join(project, 'report.pdf'), buildPdf(['Net cash from operating activities', '2009: 206588']));
    await mkdir(join(project, 'agents'), { recursive: true });
    await writeFile(join(project, 'agents', 'reader.ts'), READER_AGENT_TS);
    await writeFile(join(project, 'tools', 'word-count.ts'), WORD_COUNT_TS);

    const validate = await npx(['validate', 'reader.yaml']);
    expect(validate.stderr).toBe('');
    expect(validate.code).toBe(0);

    const test = await npx(['test', 'reader.yaml', '--output', 'reader.json']);
    expect(test.code, test.stdout + test.stderr).toBe(0);
    const result = (JSON.parse(await readFile(join(project, 'reader.json'), 'utf8')) as RunReport).results[0]!;
    expect(result.passed).toBe(true);
    expect(result.agent_response).toBe('The report reads "Net cash from operating activities 2009: 206588" (7 words).');
    expect(result.tool_invocations.map((call) => [call.name, call.result])).toEqual([['word_count', 7]]);
  });

  it('names the install command when the optional Claude Agent SDK is asked for', async () => {
    await writeFile(
      join(project, 'claude.yaml'),
      'name: claude\nmodel: { provider: anthropic, name: claude-sonnet-4-5, api_key: sk-ant-test }\nbackend: claude_agent_sdk\ntest_cases:\n  - { name: a, input: hi }\n',
    );
    const test = await npx(['test', 'claude.yaml']);
    expect(test.code).toBe(2);
    expect(test.stderr).toContain('npm install @anthropic-ai/claude-agent-sdk@0.3.334');
  });
});
