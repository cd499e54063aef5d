/**
 * How much JavaScript a plain run loads: one single-turn case, the OpenAI provider against the fake model
 * server, an equality check, no tools, no report asked for. The built CLI runs with the `node --import` hook the
 * start-up test uses (test/e2e/fixtures/record-loaded-modules.mjs); this prints the files its main thread loaded
 * (the bundle's chunks, and any file from elsewhere) with their size on disk, and how many of Node's own
 * internal modules it loaded.
 *
 *   npm run build && npx tsx bench/plain-run-modules.ts
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelBlock } from '../test/e2e/e2e-project.js';
import { createConvFinQaScript } from '../test/fakes/convfinqa-script.js';
import type { FakeScript } from '../test/fakes/fake-script.js';
import { startFakeModelServer } from '../test/fakes/start-fake-model-server.js';
import { CLI } from './lib/run-cli.js';

const HOOK = fileURLToPath(new URL('../test/e2e/fixtures/record-loaded-modules.mjs', import.meta.url));

const dir = await mkdtemp(join(tmpdir(), 'holodeck-bench-modules-'));
const list = join(dir, 'loaded.txt');
const script = createConvFinQaScript();
/** How many loads the list held when the first model request arrived. */
let beforeFirstRequest: number | null = null;
const noting: FakeScript = (request) => {
  beforeFirstRequest ??= readFileSync(list, 'utf8').trim().split('\n').length;
  return script(request);
};
const server = await startFakeModelServer(noting);
await writeFile(
  join(dir, 'agent.yaml'),
  `name: plain\n${modelBlock('openai', server.url)}\ninstructions: { inline: "Answer briefly." }
evaluations:
  metrics: [{ type: standard, metric: equality }]
test_cases:
  - name: net-cash
    input: what is the net cash from operating activities in 2009?
    ground_truth: "206588"
`,
);
const child = spawn(process.execPath, [CLI, 'test', dir, '-q'], {
  env: { ...process.env, NODE_OPTIONS: `--import ${HOOK}`, HOLODECK_TEST_LOADED_MODULES: list, NO_COLOR: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
await server.close();
if (code !== 0) throw new Error(`the run exited ${code}`);

const lines = (await readFile(list, 'utf8')).trim().split('\n');
await rm(dir, { recursive: true, force: true });

const BUNDLE = join(fileURLToPath(new URL('..', import.meta.url)), 'dist', 'cli');

/** The main thread's files among `loads` (lines `<thread>\t<url>`), and their size on disk. */
async function mainThreadFiles(loads: readonly string[]) {
  const files = loads.filter((line) => line.startsWith('0\tfile:')).map((line) => line.slice(2));
  const sizes = await Promise.all(files.map(async (url) => (await stat(fileURLToPath(url))).size));
  const outside = files.filter((url) => !url.startsWith(`file://${BUNDLE}/`)).length;
  return { count: files.length, mb: sizes.reduce((sum, size) => sum + size, 0) / 1e6, outside };
}

const before = await mainThreadFiles(lines.slice(0, beforeFirstRequest ?? lines.length));
const whole = await mainThreadFiles(lines);
const internal = lines.filter((line) => line.startsWith('0\tnode-internal:')).length;
console.log('a plain run (1 case, OpenAI provider, equality check, no tools, no report), main thread:');
console.log(`  before its first model request: ${before.count} files of JavaScript, ${before.mb.toFixed(2)} MB`);
console.log(`  in all: ${whole.count} files, ${whole.mb.toFixed(2)} MB (${whole.outside} from outside dist/cli)`);
console.log(`  and ${internal} of Node's internal modules`);
