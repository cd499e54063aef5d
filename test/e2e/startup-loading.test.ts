/**
 * What the built command line loads: it runs from its bundle (dist/cli), and a plain run — one model, no
 * tools, no TypeScript, no report asked for — loads none of the code it does not need before and during its
 * run: no MCP SDK, no tsx, no Claude Agent SDK, no dashboard, no report format, no JSON Schema compiler, no
 * other provider, no `ai` package (holodeck calls the provider model itself), no zod locale but English, no
 * zod 3, no metric kind but the one configured, no LLM judge, not Node's built-in fetch, child_process, TLS or
 * zlib; under workers, every thread runs from the bundle. The modules each thread loads are recorded by a
 * `node --import` hook and mapped back to their sources with the map the bundle step writes
 * (dist/cli-bundle-map.json).
 */
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';
import { writeSuiteProject } from '../reliability/suite-project.js';
import { GRADERS_MODULE, modelBlock, TOOLS_MODULE, writeProject } from './e2e-project.js';

const HOOK = fileURLToPath(new URL('./fixtures/record-loaded-modules.mjs', import.meta.url));
const BUNDLE_MAP = join(REPO_ROOT, 'dist', 'cli-bundle-map.json');

/** Sources a plain run must not load, and what each stands for. */
const NOT_FOR_A_PLAIN_RUN: ReadonlyArray<readonly [RegExp, string]> = [
  [/node_modules\/@modelcontextprotocol\//, 'the MCP SDK'],
  [/node_modules\/tsx\//, 'tsx'],
  [/node_modules\/@anthropic-ai\/claude-agent-sdk\//, 'the Claude Agent SDK'],
  [/node_modules\/(@ai-sdk\/(anthropic|azure|openai-compatible)|ollama-ai-provider-v2)\//, 'another provider'],
  [/node_modules\/(ajv|ajv-formats|unpdf)\//, 'ajv or unpdf'],
  [/node_modules\/(ai|@ai-sdk\/gateway|@opentelemetry\/api|@vercel\/oidc)\//, 'the AI SDK core'],
  [/node_modules\/zod\/v4\/locales\/(?!en\.js$)/, 'a zod locale other than en'],
  [/node_modules\/zod\/v3\//, 'zod 3'],
  [
    /^src\/evaluators\/(?!(load-evaluators|evaluator-factory|evaluator-error|metric-needs|equality)\.ts$)/,
    'the code of a metric kind the run does not use',
  ],
  [/^src\/backends\/ai-sdk\/(create-ai-sdk-judge|generate-judge-object)\.ts$/, 'the LLM judge'],
  [/^src\/dashboard\//, 'the dashboard'],
  [/^src\/reporters\/(json|junit|markdown)-reporter\.ts$/, 'a report format'],
  [/^src\/cli\/commands\/(view|merge-reports|compare|validate|init|cache)-command\.ts$/, 'another command'],
];

let server: FakeModelServer | null = null;
const cleanup: string[] = [];
afterEach(async () => {
  await server?.close();
  server = null;
  for (const path of cleanup.splice(0)) await rm(path, { recursive: true, force: true });
});

/** Runs the CLI with the hook; returns its run and the modules it loaded: the main thread's and every thread's. */
async function runRecordingLoads(args: readonly string[]) {
  const list = join(tmpdir(), `holodeck-loaded-${process.pid}-${Math.random().toString(36).slice(2)}.txt`);
  cleanup.push(list);
  const run = await runCli(args, { env: { NODE_OPTIONS: `--import ${HOOK}`, HOLODECK_TEST_LOADED_MODULES: list } });
  const map = JSON.parse(await readFile(BUNDLE_MAP, 'utf8')) as Record<string, string[]>;
  const loads = (await readFile(list, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => ({ thread: Number(line.slice(0, line.indexOf('\t'))), url: line.slice(line.indexOf('\t') + 1) }));
  const urls = loads.filter((load) => load.thread === 0).map((load) => load.url);
  const files = urls.filter((url) => !url.startsWith('node:') && !url.startsWith('node-internal:'));
  const internal = urls.filter((url) => url.startsWith('node-internal:')).map((url) => url.slice(14));
  const outsideBundle = files.filter((url) => !url.startsWith(`file://${join(REPO_ROOT, 'dist', 'cli')}/`));
  const sources = files.flatMap((url) => map[url.split('/').pop() ?? ''] ?? []);
  /** Every thread's loaded files (main thread 0 and the workers). */
  const threads = loads.filter((load) => !/^node(-internal)?:/.test(load.url));
  return { run, files, outsideBundle, sources, internal, threads, map };
}

function unwanted(sources: readonly string[]): string[] {
  return NOT_FOR_A_PLAIN_RUN.flatMap(([pattern, what]) =>
    sources.filter((source) => pattern.test(source)).map((source) => `${what}: ${source}`),
  );
}

/** One case against the model at `url`, judged by `metric`. */
async function plainProject(url: string, metric = '{ type: standard, metric: equality }'): Promise<string> {
  const yaml = `name: plain\n${modelBlock('openai', url)}\ninstructions: { inline: "Answer briefly." }
evaluations:
  metrics: [${metric}]
test_cases:
  - name: net-cash
    input: what is the net cash from operating activities in 2009?
    ground_truth: "206588"
`;
  const dir = await writeProject({ 'agent.yaml': yaml });
  cleanup.push(dir);
  return dir;
}

describe('what the built command line loads', () => {
  it('runs a plain config from its bundle, loading none of the code the run does not need', async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const dir = await plainProject(server.url);
    const { run, outsideBundle, sources, internal } = await runRecordingLoads(['test', dir, '-q']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(server.requests.length).toBeGreaterThan(0);
    // Everything but Node's own modules comes from dist/cli: no file of node_modules or of the tsc output.
    expect(outsideBundle).toEqual([]);
    expect(sources).toContain('src/cli/commands/test-command.ts');
    expect(sources.some((source) => source.startsWith('node_modules/@ai-sdk/openai/'))).toBe(true);
    expect(sources).toContain('src/evaluators/equality.ts');
    expect(unwanted(sources)).toEqual([]);
    // Node's built-in fetch (undici) loads when the global Headers, Request, Response or fetch is first used:
    // the model calls go through node:http and the providers' headers stay plain records.
    expect(internal).toContain('internal/modules/esm/loader');
    expect(internal.filter((id) => id.includes('undici'))).toEqual([]);
    // Nor child processes (commander's executable subcommands, not used, require child_process on first use
    // only), nor TLS and zlib for a model at an http:// endpoint that sends no compressed response.
    expect(internal.filter((id) => /child_process|dgram|^(tls|https|zlib)$/.test(id))).toEqual([]);
  });

  it('loads the one report format a run asks for', async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const dir = await plainProject(server.url);
    const { run, sources } = await runRecordingLoads(['test', dir, '-q', '--output', join(dir, 'report.xml')]);
    expect(run.code).toBe(0);
    expect(await readFile(join(dir, 'report.xml'), 'utf8')).toContain('<testsuites');
    expect(sources).toContain('src/reporters/junit-reporter.ts');
    expect(sources).not.toContain('src/reporters/json-reporter.ts');
    expect(sources).not.toContain('src/reporters/markdown-reporter.ts');
  });

  it('under --workers, loads no provider, AI SDK or MCP SDK in the main thread: the workers call the model', async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const dir = await plainProject(server.url);
    // The main thread's loads (thread 0); the same project without workers loads @ai-sdk/openai there (the
    // first test).
    const { run, sources } = await runRecordingLoads(['test', dir, '-q', '--workers', '2']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(sources).toContain('src/cli/case-workers/case-worker-pool.ts');
    const client = sources.filter((source) =>
      /node_modules\/(@ai-sdk\/[^/]+|ai|@modelcontextprotocol\/[^/]+|@anthropic-ai\/[^/]+)\//.test(source),
    );
    expect(client).toEqual([]);
  });

  it('under --workers, runs the case workers and the tool threads from the bundle too', async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const dir = await writeSuiteProject({ url: server.url, cases: 2 });
    cleanup.push(dir);
    const { run, threads, map } = await runRecordingLoads(['test', dir, '-q', '--workers', '2']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const entries = threads.filter((load) => load.url.endsWith('.bundle.mjs'));
    const entryOf = (thread: number) =>
      entries
        .find((load) => load.thread === thread)
        ?.url.split('/')
        .pop();
    const ids = [...new Set(threads.map((load) => load.thread))];
    // The main thread, two case workers and one tool thread, each started from its bundled script.
    expect(ids.map(entryOf).sort()).toEqual([
      'case-worker.bundle.mjs',
      'case-worker.bundle.mjs',
      'main.bundle.mjs',
      'user-code-worker.bundle.mjs',
    ]);
    // Beside dist/cli, only the tools' TypeScript module and tsx (with its esbuild), which loads it: no file of
    // the tsc output and no other package, so every thread has the bundle's patches.
    const bundleDir = `file://${join(REPO_ROOT, 'dist', 'cli')}/`;
    const others = threads.filter(
      ({ url }) =>
        !url.startsWith(bundleDir) &&
        !/\/node_modules\/(tsx|esbuild)\//.test(url) &&
        !url.startsWith(`file://${TOOLS_MODULE}`),
    );
    expect(others).toEqual([]);
    // The tools' module is imported only where the tools run (the tool thread), which also tells the
    // configuration what it exports: not in the main thread, which loads no tsx, nor in the case workers,
    // which are given its definitions.
    const importing = new Set(
      threads.filter(({ url }) => url.startsWith(`file://${TOOLS_MODULE}`)).map((l) => entryOf(l.thread)),
    );
    expect([...importing]).toEqual(['user-code-worker.bundle.mjs']);
    const mainThread = ids.find((id) => entryOf(id) === 'main.bundle.mjs');
    expect(
      threads.filter((load) => load.thread === mainThread && /\/node_modules\/(tsx|esbuild)\//.test(load.url)),
    ).toEqual([]);
    const sources = threads.flatMap(({ url }) =>
      url.startsWith(bundleDir) ? (map[url.split('/').pop() ?? ''] ?? []) : [],
    );
    expect(sources.filter((source) => /node_modules\/zod\/(v3|v4\/locales\/(?!en\.js$))/.test(source))).toEqual([]);
    expect(sources).toContain('src/backends/ai-sdk/plain-headers.ts');
  });

  it('reads a TypeScript grader in a grader thread: the main thread loads neither the grader nor tsx', async () => {
    server = await startFakeModelServer(createConvFinQaScript());
    const dir = await plainProject(server.url, `{ type: code, grader: "${GRADERS_MODULE}:closeEnough", name: close }`);
    const { run, threads } = await runRecordingLoads(['test', dir, '-q', '--output', join(dir, 'report.json')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as {
      results: { metric_results: { metric_name: string; score: number }[] }[];
    };
    expect(report.results[0]?.metric_results).toEqual([expect.objectContaining({ metric_name: 'close', score: 1 })]);
    const importing = new Set(
      threads.filter(({ url }) => url.startsWith(`file://${GRADERS_MODULE}`)).map((l) => l.thread),
    );
    expect(importing.size).toBeGreaterThan(0);
    expect(importing.has(0)).toBe(false);
    expect(threads.filter((load) => load.thread === 0 && /\/node_modules\/(tsx|esbuild)\//.test(load.url))).toEqual([]);
  });

  it('answers --help without loading the config, model or schema code', async () => {
    const { run, sources } = await runRecordingLoads(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: holodeck');
    const heavy = sources.filter((source) =>
      /node_modules\/(zod|yaml|ai|@ai-sdk\/[^/]+)\/|^src\/config\//.test(source),
    );
    expect(heavy).toEqual([]);
  });
});
