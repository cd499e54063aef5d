/**
 * The leak hunt: distinct canary values planted in every kind of secret source, echoed by the model in
 * answers, tool arguments and tool results, printed in start errors; then every byte holodeck wrote (files of
 * the project, stdout, stderr, the dashboard's HTTP responses and export) is searched for every canary in
 * every encoding and letter case. Zero hits, and the masks name where each secret came from.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lastUserText, toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import type { FakeReply } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { CLI_PATH, type CliRun, runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

const ECHO_TOOL = fileURLToPath(new URL('./fixtures/echo-tool.ts', import.meta.url));

/** Variable → canary. The names say nothing about secrets unless the source is a name rule. */
const CANARIES: Readonly<Record<string, string>> = {
  LEAK_MODEL_CRED: 'cnry-model-Q1w2E3',
  OPENAI_API_KEY: 'sk-cnry-openai-4R5t',
  GH_PAT: 'ghp_cnry<pat>&"9Y',
  LEAK_ARG: 'cnry-arg-6U7i8O',
  LEAK_PW: 'cnry-pw-1A2s3D',
  LEAK_SIG: 'cnry-sig-4F5g6H',
  LEAK_HDR: 'cnry-hdr-7J8k9L',
  LEAK_CUSTOM: 'cnry-custom-0Z1x',
  LEAK_LISTED: 'cnry-listed-2C3v',
};
const ENV = { ...CANARIES, NO_COLOR: '1' };

function forms(value: string): string[] {
  return [
    value,
    JSON.stringify(value).slice(1, -1),
    encodeURIComponent(value),
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'),
    Buffer.from(value).toString('base64'),
  ];
}

/** Secrets of the main configuration, which the model and the tool repeat; the others live in start errors. */
const ECHOED_NAMES = ['LEAK_MODEL_CRED', 'OPENAI_API_KEY', 'GH_PAT', 'LEAK_CUSTOM', 'LEAK_LISTED'];

/** What the model says: each of those canaries, plain, upper-cased, base64 and URL-encoded. */
const ECHOED = ECHOED_NAMES.map((name) => CANARIES[name] as string)
  .map(
    (value) => `${value} ${value.toUpperCase()} ${Buffer.from(value).toString('base64')} ${encodeURIComponent(value)}`,
  )
  .join(' | ');

function script(request: Parameters<Parameters<typeof startFakeModelServer>[0]>[0]): FakeReply {
  const slow = lastUserText(request).includes('slowly') ? 4_000 : 0;
  if (toolResultsSinceLastUser(request).length === 0) {
    return { kind: 'answer', tool_calls: [{ name: 'echo', args: { text: ECHOED } }], delay_ms: slow };
  }
  return { kind: 'answer', text: `here you are: ${ECHOED}` };
}

const agentYaml = (url: string, extra = '') => `name: leak-hunt
model:
  provider: openai
  name: gpt-4o-mini
  endpoint: ${url}/v1
  api_key: \${LEAK_MODEL_CRED}
tools:
  - { name: echo, type: function, file: ${ECHO_TOOL}, function: echo }
${extra}execution: { redact: [LEAK_LISTED] }
test_cases:
  - { name: single, input: "tell me the secrets", ground_truth: "nothing" }
  - name: multi
    turns:
      - { input: "first, the secrets" }
      - { input: "again", expected_tools: [{ name: echo, args: { text: { regex: "cnry.*" } } }] }
  - { name: slow, input: "tell me slowly" }
`;

const outputs: { label: string; text: string }[] = [];
const record = (label: string, run: CliRun) => {
  outputs.push({ label: `${label} stdout`, text: run.stdout }, { label: `${label} stderr`, text: run.stderr });
  return run;
};

async function filesUnder(dir: string): Promise<{ label: string; text: string }[]> {
  const found: { label: string; text: string }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found.push({ label: path, text: await readFile(path, 'utf8') });
  }
  return found;
}

let server: FakeModelServer | null = null;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await server?.close();
});

/** Runs the CLI until it has printed `ready`, then kills it (a crash mid-run, or a server to stop). */
function runUntil(args: string[], cwd: string, ready: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], { cwd, env: { ...process.env, ...ENV } });
    children.push(child);
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`no ${ready} within 30 s:\n${stdout}\n${stderr}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (ready.test(stdout)) {
        clearTimeout(timer);
        resolve(stdout);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('close', () => outputs.push({ label: `${args.join(' ')} (killed)`, text: stdout + stderr }));
  });
}

describe('the leak hunt', () => {
  it('finds no canary in any byte written, in any encoding, and the masks name their sources', {
    timeout: 180_000,
  }, async () => {
    server = await startFakeModelServer(script);
    const dir = await writeProject({
      'agent.yaml': agentYaml(server.url),
      'stdio-fails.yaml': agentYaml(
        server.url,
        `  - name: archive
    type: mcp
    command: ${JSON.stringify(process.execPath)}
    args: ["-e", "process.exit(3)", "--", "--tag", "\${LEAK_ARG}"]
    env: { GITHUB_TOKEN: "\${GH_PAT}" }
`,
      ).replace('tools:\n', 'tools:\n'),
      'http-fails.yaml': agentYaml(
        server.url,
        `  - name: remote
    type: mcp
    url: "http://hunter:\${LEAK_PW}@127.0.0.1:9/mcp?sig=\${LEAK_SIG}&api-version=2024-10-21"
    headers: { x-client: "\${LEAK_HDR}" }
`,
      ),
    });
    const cli = (args: string[]) => runCli(args, { cwd: dir, env: ENV, timeoutMs: 60_000 });
    const reports = [
      '--output',
      'out/r.json',
      '--output',
      'out/r.md',
      '--output',
      'out/r.xml',
      '--output',
      'out/r.html',
    ];

    const full = record('test', await cli(['test', 'agent.yaml', '-v', '--redact', 'LEAK_CUSTOM', ...reports]));
    expect(full.code, full.stderr).toBe(0);
    expect(full.stdout).toContain('***LEAK_MODEL_CRED');

    // A crash mid-run, then --resume; shards merged.
    await runUntil(
      ['test', 'agent.yaml', '-v', '--redact', 'LEAK_CUSTOM', '--results-dir', 'crashed'],
      dir,
      /✓ multi|✗ multi/,
    );
    children.at(-1)?.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const resumed = record(
      'resume',
      await cli([
        'test',
        'agent.yaml',
        '--resume',
        '--results-dir',
        'crashed',
        '--redact',
        'LEAK_CUSTOM',
        '--output',
        'out/resumed.md',
      ]),
    );
    expect(resumed.code, resumed.stderr).toBe(0);
    for (const index of [1, 2]) {
      record(
        `shard ${index}`,
        await cli([
          'test',
          'agent.yaml',
          '--shard',
          `${index}/2`,
          '--results-dir',
          `s${index}`,
          '--redact',
          'LEAK_CUSTOM',
        ]),
      );
    }
    const merged = record(
      'merge',
      await cli([
        'merge-reports',
        's1',
        's2',
        '--output',
        'out/m.json',
        '--output',
        'out/m.html',
        '--redact',
        'LEAK_CUSTOM',
      ]),
    );
    expect(merged.code, merged.stderr).toBe(0);

    // MCP servers that fail to start, with canaries in their arguments, environment, URL and headers.
    for (const config of ['stdio-fails.yaml', 'http-fails.yaml']) {
      const failed = record(config, await cli(['test', config, '--redact', 'LEAK_CUSTOM']));
      expect(failed.code, failed.stderr).toBe(3);
      expect(failed.stderr).toMatch(/failed to start/);
    }
    expect(outputs.map((o) => o.text).join('\n')).toMatch(/\*\*\*LEAK_ARG/);
    expect(outputs.map((o) => o.text).join('\n')).toMatch(/\*\*\*(LEAK_PW|tools\.remote\.url\.password)/);

    // The dashboard, served and exported.
    const served = await runUntil(['test', 'view', 'agent.yaml', '--port', '0'], dir, /http:\/\/127\.0\.0\.1:\d+\//);
    const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(served)?.[0] as string;
    const runs = await (await fetch(`${url}api/runs`)).text();
    outputs.push({ label: 'GET /', text: await (await fetch(url)).text() }, { label: 'GET /api/runs', text: runs });
    const ids = [...runs.matchAll(/"id":"(leak-hunt\/[^"]+)"/g)].map((match) => match[1] as string);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      outputs.push({ label: `GET run ${id}`, text: await (await fetch(`${url}api/runs/${id}`)).text() });
      for (const index of [0, 1, 2]) {
        const body = await (await fetch(`${url}api/runs/${id}/cases/${index}`)).text();
        outputs.push({ label: `GET ${id} case ${index}`, text: body });
      }
    }
    record('export', await cli(['test', 'view', 'agent.yaml', '--export', 'out/export.html']));

    const everything = [...outputs, ...(await filesUnder(dir))];
    const hits: string[] = [];
    // In any letter case: the model also says each canary upper-cased.
    const lowered = everything.map((output) => ({ label: output.label, text: output.text.toLowerCase() }));
    for (const [name, value] of Object.entries(CANARIES)) {
      for (const form of forms(value)) {
        for (const output of lowered)
          if (output.text.includes(form.toLowerCase()))
            hits.push(`${name} as ${JSON.stringify(form)} in ${output.label}`);
      }
    }
    expect(hits).toEqual([]);
    const all = everything.map((output) => output.text).join('\n');
    for (const name of ECHOED_NAMES) {
      expect(all, name).toContain(`***${name}`);
    }
    // The case files of the run record hold the masked answer and tool traffic, nothing lost besides.
    const report = JSON.parse(await readFile(join(dir, 'out/r.json'), 'utf8')) as {
      results: { test_name: string; agent_response: string; tool_invocations: { args: { text: string } }[] }[];
    };
    const single = report.results.find((result) => result.test_name === 'single');
    expect(single?.agent_response).toMatch(
      /^here you are: \*\*\*LEAK_MODEL_CRED \*\*\*LEAK_MODEL_CRED \*\*\*LEAK_MODEL_CRED/,
    );
    expect(single?.tool_invocations[0]?.args.text).toContain('***GH_PAT');
  });
});
