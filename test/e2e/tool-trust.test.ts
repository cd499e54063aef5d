/**
 * Tools can be trusted end to end: the built CLI, the real AI SDK clients against the fake model server,
 * and real MCP servers (stdio and streamable HTTP) written for the test. A server that dies mid-run errors
 * the cases that need it (naming it, its exit code and its stderr) instead of going unnoticed; tool errors
 * are calls of their tool, in the report and the summary, and fail turns only under --fail-on-tool-error;
 * images reach the model as images (Anthropic) or as a placeholder (OpenAI); clashing tool names stop the
 * run before any agent call; include/exclude/prefix shape what the agent is offered; name_match: exact,
 * object literals and single-turn argument details behave as documented.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProviderName } from '../../src/core/config-types.js';
import type { RunReport, TestResult, TurnResult } from '../../src/core/results.js';
import { lastUserText, offeredTool, toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import { answer, callTools, type FakeRequest, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

const SERVER = fileURLToPath(new URL('./fixtures/trust-mcp-server.ts', import.meta.url));

let model: FakeModelServer | null = null;
let httpServer: ChildProcess | null = null;
afterEach(async () => {
  await model?.close();
  model = null;
  httpServer?.kill('SIGKILL');
  httpServer = null;
});

/** What the model does for each question: the tools it calls (all at once; names as the agent knows them). */
type Plan = Readonly<Record<string, readonly { readonly tool: string; readonly args: Record<string, unknown> }[]>>;

/** Calls the planned tools once per turn (under the names the agent offers), then answers "done". */
function planScript(plan: Plan): FakeScript {
  return (request: FakeRequest) => {
    const calls = plan[lastUserText(request)] ?? [];
    if (calls.length === 0 || toolResultsSinceLastUser(request).length > 0) return answer('done');
    return callTools(...calls.map((c) => ({ name: offeredTool(request, c.tool) ?? c.tool, args: c.args })));
  };
}

function stdioServer(name: string, args: readonly string[] = [], extra = ''): string {
  const argv = ['--import', 'tsx', SERVER, '--name', name, ...args].map((a) => JSON.stringify(a)).join(', ');
  return `  - { name: ${name}, type: mcp, command: ${JSON.stringify(process.execPath)}, args: [${argv}], cwd: ${JSON.stringify(REPO_ROOT)}${extra} }`;
}

function agentYaml(url: string, tools: readonly string[], cases: string, provider: ProviderName = 'openai'): string {
  return `name: tool-trust\n${modelBlock(provider, url)}\nexecution: { llm_timeout: 30 }\ntools:\n${tools.join('\n')}\ntest_cases:\n${cases}`;
}

async function runProject(yaml: string, args: readonly string[] = []) {
  const dir = await writeProject({ 'agent.yaml': yaml });
  const output = join(dir, 'report.json');
  const run = await runCli(['test', dir, '--output', output, ...args], { timeoutMs: 90_000 });
  const report = await readFile(output, 'utf8').then(
    (text) => JSON.parse(text) as RunReport,
    () => null,
  );
  return { run, report };
}

function resultNamed(report: RunReport | null, name: string): TestResult {
  const result = report?.results.find((r) => r.test_name === name);
  if (result === undefined) throw new Error(`no result ${name}`);
  return result;
}

function turnOf(result: TestResult, index: number): TurnResult {
  const turn = result.turns?.[index];
  if (turn === undefined) throw new Error(`no turn ${index} in ${result.test_name}`);
  return turn;
}

/** Starts the HTTP flavour of the server and returns its URL. */
async function startHttpServer(args: readonly string[]): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, '--http', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  httpServer = child;
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line !== undefined) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`the HTTP MCP server exited early (${code})`)));
  });
}

const LOOKUP = (column: string) => [{ tool: 'lookup', args: { column } }];

describe('a tool server that dies mid-run', () => {
  it('stdio: the call in flight and every later call fail at once, naming the server, exit code and stderr; its cases error', async () => {
    model = await startFakeModelServer(
      planScript({ first: LOOKUP('2009'), second: LOOKUP('2008'), third: LOOKUP('2009') }),
    );
    const cases = `  - name: conversation
    turns:
      - { input: first, expected_tools: [lookup] }
      - { input: second, expected_tools: [lookup] }
      - { input: third, expected_tools: [lookup] }
  - { name: later, input: first, expected_tools: [lookup] }
`;
    const { run, report } = await runProject(
      agentYaml(model.url, [stdioServer('ledger', ['--crash-on-call', '2'])], cases),
    );
    expect(run.code, run.stderr).toBe(1);
    const conversation = resultNamed(report, 'conversation');
    expect(conversation.status).toBe('error');
    const [first, second, third] = [0, 1, 2].map((i) => turnOf(conversation, i));
    expect(first?.status).toBe('passed');
    const crash =
      /^MCP server "ledger" exited with code 3; stderr: trust-mcp-server: fatal: index corrupted at call 2; its tools are unavailable for the rest of the run \(.*trust-mcp-server\.ts --name ledger --crash-on-call 2\)$/;
    for (const turn of [second, third]) {
      expect(turn?.status).toBe('error');
      expect(turn?.errors).toEqual([expect.stringMatching(crash)]);
      expect(turn?.tool_invocations[0]?.error).toMatch(crash);
      // The failed call is still a call of the tool: the assertion holds, the error is what fails the turn.
      expect(turn?.tools_matched).toBe(true);
      // Found at once, not at the turn's timeout.
      expect(turn?.execution_time_ms).toBeLessThan(10_000);
    }
    const later = resultNamed(report, 'later');
    expect(later.status).toBe('error');
    expect(later.errors).toEqual([expect.stringMatching(crash)]);
    expect(report?.summary).toMatchObject({ total_tests: 2, passed: 0, errored: 2, tool_errors: 3 });
    expect(run.stdout).toMatch(/conversation {2}ERROR {2}3 turns · 1\/3 passed, 2 errored {2}2 tool errors/);
  });

  it('HTTP: a server whose connection drops fails the call in flight and later calls, naming the server and URL', async () => {
    const url = await startHttpServer(['--crash-on-call', '2']);
    model = await startFakeModelServer(
      planScript({ first: LOOKUP('2009'), second: LOOKUP('2008'), third: LOOKUP('2009') }),
    );
    const cases = `  - name: remote
    turns:
      - { input: first, expected_tools: [lookup] }
      - { input: second, expected_tools: [lookup] }
      - { input: third, expected_tools: [lookup] }
`;
    const tools = [`  - { name: remote, type: mcp, url: ${JSON.stringify(url)} }`];
    const { run, report } = await runProject(agentYaml(model.url, tools, cases));
    expect(run.code, run.stderr).toBe(1);
    const result = resultNamed(report, 'remote');
    expect(result.status).toBe('error');
    expect(turnOf(result, 0).status).toBe('passed');
    const remote = `MCP server "remote" (${url})`;
    // The call in flight lost its connection; the next one found nothing listening.
    expect(turnOf(result, 1).errors).toEqual([expect.stringContaining(`${remote} dropped the connection: `)]);
    expect(turnOf(result, 2).errors).toEqual([expect.stringContaining(`${remote} is unreachable: `)]);
    expect(turnOf(result, 2).errors[0]).toMatch(/ECONNREFUSED/);
    for (const index of [1, 2]) {
      expect(turnOf(result, index).status).toBe('error');
      expect(turnOf(result, index).execution_time_ms).toBeLessThan(10_000);
    }
  });
});

describe('an HTTP tool server that fails its calls', () => {
  it.each([
    [500, 'answered the call with HTTP 500: '],
    [401, 'answered the call with HTTP 401: '],
    // An HTML page with 200 (a login page), a redirect to one: the call never reached the tool either.
    [200, 'answered the call with what no MCP client reads: Streamable HTTP error: Unexpected content type: text/html'],
    [302, 'answered the call with what no MCP client reads: Streamable HTTP error: Error POSTing to endpoint'],
  ])('answering %i with an HTML page errors the turn, naming the server and why: no pass', async (status, said) => {
    const url = await startHttpServer(['--fail-calls-with', String(status)]);
    model = await startFakeModelServer(planScript({ first: LOOKUP('2009') }));
    const cases =
      '  - { name: remote, input: first, ground_truth: done, evaluations: [{ type: standard, metric: equality }] }\n';
    const tools = [`  - { name: remote, type: mcp, url: ${JSON.stringify(url)} }`];
    const { run, report } = await runProject(agentYaml(model.url, tools, cases));
    expect(run.code, run.stderr).toBe(1);
    const result = resultNamed(report, 'remote');
    expect(result.status).toBe('error');
    expect(result.errors).toEqual([expect.stringContaining(`MCP server "remote" (${url}) ${said}`)]);
  });
});

describe('a stdio tool server that writes to stdout what is no MCP answer during a call', () => {
  const cases =
    '  - { name: garbled, input: first, ground_truth: done, evaluations: [{ type: standard, metric: equality }] }\n';

  it('errors the turn at once on JSON that fits no message (a null result), naming the server', async () => {
    model = await startFakeModelServer(planScript({ first: LOOKUP('2009') }));
    const started = Date.now();
    const fin = stdioServer('fin', ['--garble-calls', 'null-result']);
    const { run, report } = await runProject(agentYaml(model.url, [fin], cases));
    expect(run.code, run.stderr).toBe(1);
    expect(Date.now() - started).toBeLessThan(20_000);
    const result = resultNamed(report, 'garbled');
    expect(result.status).toBe('error');
    expect(result.errors).toEqual([expect.stringContaining('MCP server "fin" (')]);
    expect(result.errors[0]).toContain('sent an answer that does not fit the MCP protocol');
  });

  it('passes over a log line that is not JSON, as at start-up, and takes the answer that follows', async () => {
    model = await startFakeModelServer(planScript({ first: LOOKUP('2009') }));
    const fin = stdioServer('fin', ['--garble-calls', 'log-line']);
    const { run, report } = await runProject(agentYaml(model.url, [fin], cases));
    expect(run.code, run.stderr).toBe(0);
    expect(resultNamed(report, 'garbled').status).toBe('passed');
  });
});

describe('tool errors', () => {
  const plan: Plan = {
    errors: [
      { tool: 'archive', args: {} },
      { tool: 'subtract', args: { a: 'lots', b: 1 } },
      { tool: 'explode', args: {} },
      { tool: 'lookup', args: { column: '2009' } },
    ],
  };
  const cases = '  - { name: errors, input: errors, expected_tools: [archive, subtract, explode, lookup] }\n';

  it('are calls of their tool, recorded with their error, counted and marked, and fail nothing by default', async () => {
    model = await startFakeModelServer(planScript(plan));
    const { run, report } = await runProject(agentYaml(model.url, [stdioServer('fin')], cases), ['-v']);
    expect(run.code, run.stderr).toBe(0);
    const result = resultNamed(report, 'errors');
    expect(result.status).toBe('passed');
    expect(result.tool_invocations.map((call) => [call.name, call.error])).toEqual([
      ['archive', 'the archive is offline'],
      ['subtract', 'invalid arguments for tool subtract: a: Invalid input: expected number, received string'],
      ['explode', expect.stringMatching(/handler exploded/)],
      ['lookup', null],
    ]);
    expect(result.arg_match_details?.every((a) => a.passed)).toBe(true);
    expect(report?.summary.tool_errors).toBe(3);
    expect(run.stdout).toMatch(/✓ errors {2}3 tool errors/);
    expect(run.stdout).toMatch(/archive\(\) ✗ the archive is offline/);
    expect(run.stdout).toMatch(/Tools {3}3 tool calls returned an error/);
    // The model read each error as the tool's result.
    const results = toolResultsSinceLastUser(model.requests.at(-1) as FakeRequest);
    expect(results.map((r) => r.content)).toEqual([
      expect.stringContaining('the archive is offline'),
      expect.stringMatching(/a: .*number/i),
      expect.stringContaining('handler exploded'),
      '206588',
    ]);
  });

  it('fail every turn they occur in under --fail-on-tool-error, naming the tool, the call and the error', async () => {
    model = await startFakeModelServer(planScript(plan));
    const { run, report } = await runProject(agentYaml(model.url, [stdioServer('fin')], cases), [
      '--fail-on-tool-error',
    ]);
    expect(run.code, run.stderr).toBe(1);
    const result = resultNamed(report, 'errors');
    expect(result.status).toBe('failed');
    const failed = result.arg_match_details?.filter((a) => !a.passed) ?? [];
    expect(failed.map((a) => [a.tool, a.reason])).toEqual([
      ['archive', 'call #0 archive() returned an error: the archive is offline (fail_on_tool_error)'],
      [
        'subtract',
        'call #1 subtract(a="lots", b=1) returned an error: invalid arguments for tool subtract: a: Invalid ' +
          'input: expected number, received string (fail_on_tool_error)',
      ],
      [
        'explode',
        expect.stringMatching(/^call #2 explode\(\) returned an error: .*handler exploded.*\(fail_on_tool_error\)$/),
      ],
    ]);
    expect(run.stdout).toMatch(/✗ errors .*archive — call #0 archive\(\) returned an error: the archive is offline/);
  });
});

describe('what the model is shown of an MCP result', () => {
  const cases = '  - { name: chart, input: chart, expected_tools: [chart, search] }\n';
  const plan: Plan = {
    chart: [
      { tool: 'chart', args: {} },
      { tool: 'search', args: { query: 'cash' } },
    ],
  };

  it('images go to Anthropic models as images; structured content is recorded, the text is what the model reads', async () => {
    model = await startFakeModelServer(planScript(plan));
    const { run, report } = await runProject(agentYaml(model.url, [stdioServer('fin')], cases, 'anthropic'));
    expect(run.code, run.stderr).toBe(0);
    const last = model.requests.at(-1)?.body as { messages: { content: unknown }[] };
    const toolResults = last.messages
      .flatMap((m) => (Array.isArray(m.content) ? (m.content as Record<string, unknown>[]) : []))
      .filter((block) => block['type'] === 'tool_result');
    expect(toolResults[0]?.['content']).toEqual([
      { type: 'text', text: 'cash flow 2008-2009' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: expect.any(String) } },
    ]);
    expect(JSON.stringify(toolResults[1]?.['content'])).toContain('fin: 2 hits for cash');
    const [chart, search] = resultNamed(report, 'chart').tool_invocations;
    expect(chart?.result).toEqual([
      { type: 'text', text: 'cash flow 2008-2009' },
      { type: 'image', media_type: 'image/png', bytes: 2048 },
    ]);
    expect(search?.result).toEqual({ server: 'fin', hits: 2 });
  });

  it('models that take no images in tool results read a placeholder naming the image', async () => {
    model = await startFakeModelServer(planScript(plan));
    const { run } = await runProject(agentYaml(model.url, [stdioServer('fin')], cases));
    expect(run.code, run.stderr).toBe(0);
    const results = toolResultsSinceLastUser(model.requests.at(-1) as FakeRequest);
    expect(results.map((r) => r.content)).toEqual([
      'cash flow 2008-2009\n[image image/png, 2 KB]',
      'fin: 2 hits for cash',
    ]);
  });
});

describe('tool names across servers', () => {
  it('two servers offering the same name stop the run before any agent call, naming both and the fix', async () => {
    model = await startFakeModelServer(planScript({}));
    const tools = [stdioServer('files', ['--tools', 'search,read']), stdioServer('web', ['--tools', 'search,delete'])];
    const { run, report } = await runProject(agentYaml(model.url, tools, '  - { name: q, input: q }\n'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'error: the tools cannot be set up: tool name "search" is offered by both MCP server "files" and MCP server "web"; ' +
        'give MCP server "files" or MCP server "web" a `prefix` (e.g. prefix: "files_"), or leave the tool out with `exclude: [search]`',
    );
    expect(model.requests).toHaveLength(0);
    expect(report).toBeNull();
  });

  it('include, exclude and prefix shape what the agent is offered; a tool named in neither list is exit 2', async () => {
    model = await startFakeModelServer(planScript({}));
    const tools = [
      stdioServer('files', ['--tools', 'search,read,delete'], ', exclude: [read, delete]'),
      stdioServer('web', ['--tools', 'search,read,delete'], ', include: [search, delete], prefix: web_'),
    ];
    const cases = '  - { name: q, input: q, expected_tools: [serch] }\n';
    const { run } = await runProject(agentYaml(model.url, tools, cases));
    expect(run.code).toBe(1);
    expect(model.requests[0]?.tools.map((t) => t.name).sort()).toEqual(['search', 'web_delete', 'web_search']);
    expect(run.stderr).toContain(
      'warning: expected tool "serch" matches none of the agent\'s tools; closest: search, web_search — in test case "q"',
    );

    const missing = [stdioServer('files', ['--tools', 'search'], ', include: [search, grep]')];
    const bad = await runProject(agentYaml(model.url, missing, cases));
    expect(bad.run.code).toBe(2);
    expect(bad.run.stderr).toContain(
      'error: the tools cannot be set up: MCP server "files" has no tool "grep" (named in its include/exclude); its tools are: search',
    );
  });
});

describe('tool assertions: exact names, object literals, single-turn detail', () => {
  it('name_match: exact takes only that name; object literals compare deeply; single-turn cases name the argument', async () => {
    model = await startFakeModelServer(
      planScript({
        prefixed: [{ tool: 'web_search', args: { query: 'cash' } }],
        filtered: [{ tool: 'web_search', args: { query: 'cash', filter: { year: 2009, tags: ['ops'] } } }],
        wrong: [{ tool: 'web_search', args: { query: 'revenue' } }],
      }),
    );
    const cases = `  - { name: exact, input: prefixed, expected_tools: [{ name: search, name_match: exact }] }
  - { name: substring, input: prefixed, expected_tools: [search] }
  - name: literal
    input: filtered
    expected_tools: [{ name: search, args: { filter: { tags: [ops], year: 2009 } } }]
  - { name: argument, input: wrong, expected_tools: [{ name: search, args: { query: cash } }] }
`;
    const tools = [stdioServer('web', ['--tools', 'search'], ', prefix: web_')];
    const { run, report } = await runProject(agentYaml(model.url, tools, cases));
    expect(run.code, run.stderr).toBe(1);
    expect(resultNamed(report, 'exact').arg_match_details).toEqual([
      {
        tool: 'search',
        args: null,
        count: 1,
        passed: false,
        matched_call_index: -1,
        matching_calls: 0,
        reason: "tool 'search' was not called (exact name; called: web_search)",
      },
    ]);
    expect(resultNamed(report, 'substring').status).toBe('passed');
    expect(resultNamed(report, 'literal').status).toBe('passed');
    const argument = resultNamed(report, 'argument');
    expect(argument.arg_match_details?.[0]).toMatchObject({
      tool: 'search',
      passed: false,
      reason: `arg 'query' mismatch: expected "cash", got "revenue"`,
    });
    expect(run.stdout).toMatch(
      /✗ argument .*search\(query="cash"\) — arg 'query' mismatch: expected "cash", got "revenue"/,
    );
  });
});
