import { getEventListeners } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentTurnError, BackendStartError, ToolServerCrashedError, ToolSetupError } from '../../src/core/errors.js';
import type { ToolSet } from '../../src/core/loaded-tool.js';
import { loadToolSet } from '../../src/tools/load-tool-set.js';
import { ToolExecutionError } from '../../src/tools/tool-execution-error.js';
import { startBrokenMcpHttpServer, startStatusHttpServer } from '../fakes/broken-mcp-http-server.js';
import { type FakeMcpHttpServer, startFakeMcpHttpServer } from '../fakes/fake-mcp-server.js';
import {
  financeTools,
  functionToolConfig,
  httpMcpConfig,
  REPO_ROOT,
  stdioMcpConfig,
} from '../fakes/fixtures/tool-configs.js';
import { turnTimeout } from '../support/tools/fixture-tool.js';

const signal = new AbortController().signal;
const TRUST_SERVER = join(REPO_ROOT, 'test', 'e2e', 'fixtures', 'trust-mcp-server.ts');

function toolNamed(set: ToolSet, name: string) {
  const tool = set.tools.find((t) => t.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool;
}

/** The recorded value of a call. */
async function callValue(set: ToolSet, name: string, args: Record<string, unknown>, on = signal): Promise<unknown> {
  return (await toolNamed(set, name).execute(args, on)).value;
}

async function expectMcpTools(set: ToolSet): Promise<void> {
  expect(set.tools.map((t) => t.name)).toEqual(
    expect.arrayContaining(['lookup', 'subtract', 'divide', 'describe', 'unavailable', 'explode']),
  );
  expect(toolNamed(set, 'subtract').input_schema).toMatchObject({ type: 'object', required: ['a', 'b'] });
  await expect(callValue(set, 'subtract', { a: 206588, b: 181001 })).resolves.toBe(25587);
  await expect(callValue(set, 'lookup', { row: 'net cash', column: '2008' })).resolves.toBe(181001);
  await expect(callValue(set, 'describe', {})).resolves.toEqual({ rows: 1, columns: ['2008', '2009'] });
  await expect(toolNamed(set, 'unavailable').execute({}, signal)).rejects.toThrow('the archive is offline');
  await expect(toolNamed(set, 'explode').execute({}, signal)).rejects.toThrow('handler exploded');
  await expect(toolNamed(set, 'subtract').execute({ a: 'x' }, signal)).rejects.toThrow(/subtract|invalid|expected/i);
  // Many calls under one turn's signal leave nothing behind on it (the SDK never removes its listener).
  const turn = new AbortController();
  for (let i = 0; i < 15; i += 1) await toolNamed(set, 'subtract').execute({ a: i, b: 1 }, turn.signal);
  expect(getEventListeners(turn.signal, 'abort')).toHaveLength(0);
}

describe('loadToolSet', () => {
  let http: FakeMcpHttpServer;
  beforeAll(async () => {
    http = await startFakeMcpHttpServer();
  });
  afterAll(async () => {
    await http.close();
  });

  it('loads function tools', async () => {
    const set = await loadToolSet(financeTools());
    expect(set.tools.map((t) => t.name)).toEqual(['lookup', 'subtract', 'divide', 'archive']);
    await expect(callValue(set, 'divide', { a: 25587, b: 181001 })).resolves.toBeCloseTo(0.14136, 5);
    await expect(toolNamed(set, 'archive').execute({}, signal)).rejects.toThrow('archive is offline');
    await set.close();
  });

  it('loads an MCP server over stdio and shuts it down on close', async () => {
    const set = await loadToolSet([stdioMcpConfig('finance')], { base_dir: REPO_ROOT });
    await expectMcpTools(set);
    await set.close();
    await expect(toolNamed(set, 'subtract').execute({ a: 1, b: 1 }, signal)).rejects.toThrow(/finance/);
  });

  it('sends the user and password of an MCP url as HTTP Basic auth, unless a configured header authorises', async () => {
    const withUser = http.url.replace('http://', 'http://reader:p%40ss%20word@');
    const set = await loadToolSet([httpMcpConfig('remote', withUser)]);
    await expectMcpTools(set);
    const basic = `Basic ${Buffer.from('reader:p@ss word').toString('base64')}`;
    expect(http.headers.at(-1)?.['authorization']).toBe(basic);
    await set.close();
    const configured = await loadToolSet([httpMcpConfig('remote', withUser, { Authorization: 'Bearer t0ken' })]);
    await callValue(configured, 'subtract', { a: 2, b: 1 });
    expect(http.headers.at(-1)?.['authorization']).toBe('Bearer t0ken');
    await configured.close();
  });

  it('fails a call answered with JSON cut off, or with a result that is no MCP result, as a broken server', async () => {
    const answers = {
      'is not JSON: ': () => '{"jsonrpc":"2.0",',
      'does not fit the MCP protocol: content: ': (id: number) =>
        JSON.stringify({ jsonrpc: '2.0', id, result: { content: 'not an array' } }),
    };
    for (const [said, answer] of Object.entries(answers)) {
      const broken = await startBrokenMcpHttpServer(answer);
      try {
        const set = await loadToolSet([httpMcpConfig('web', broken.url)]);
        const error = await toolNamed(set, 'echo')
          .execute({}, signal)
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ToolServerCrashedError);
        expect((error as Error).message).toContain(`MCP server "web" (${broken.url}) sent an answer that ${said}`);
        await set.close();
      } finally {
        await broken.close();
      }
    }
  });

  it('loads an MCP server over streamable HTTP and sends the configured headers', async () => {
    const set = await loadToolSet([httpMcpConfig('remote', http.url, { authorization: 'Bearer t0ken' })]);
    await expectMcpTools(set);
    expect(http.headers.some((h) => h['authorization'] === 'Bearer t0ken')).toBe(true);
    await set.close();
  });

  it('passes the turn signal to MCP tool calls', async () => {
    const set = await loadToolSet([httpMcpConfig('remote', http.url)]);
    const controller = new AbortController();
    const call = toolNamed(set, 'slow').execute({ ms: 5000 }, controller.signal);
    setTimeout(() => controller.abort(new Error('turn timed out')), 50);
    await expect(call).rejects.toThrow(/timed out|abort/i);
    await set.close();
  });

  it('says an MCP call cut off by its turn as a function tool says it, over stdio and HTTP', async () => {
    for (const config of [stdioMcpConfig('finance'), httpMcpConfig('remote', http.url)]) {
      const set = await loadToolSet([config]);
      const controller = new AbortController();
      const call = toolNamed(set, 'slow').execute({ ms: 5000 }, controller.signal);
      const limit = new AgentTurnError('turn aborted: timed out', 'TURN_ABORTED', false, { cause: turnTimeout(1500) });
      setTimeout(() => controller.abort(limit), 50);
      const error = await call.then(
        () => null,
        (thrown: unknown) => thrown as Error,
      );
      expect(error?.message).toMatch(/^MCP server "(finance|remote)": tool slow timed out after 1\.5 s$/);
      await set.close();
    }
  });

  it('rejects two sources offering the same tool name, naming both and the fix', async () => {
    const subtract = financeTools().find((t) => t.name === 'subtract');
    if (subtract === undefined) throw new Error('fixture');
    const error = await loadToolSet([subtract, httpMcpConfig('remote', http.url)]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolSetupError);
    expect(error).toMatchObject({ code: 'TOOL_NAME_CLASH' });
    expect((error as Error).message).toBe(
      'tool name "subtract" is offered by both function tool "subtract" and MCP server "remote"; give MCP server ' +
        '"remote" a `prefix` (e.g. prefix: "remote_"), or leave the tool out with `exclude: [subtract]`, or rename ' +
        'the function tool',
    );
  });

  it('names each server’s own tool name to exclude when a prefix made the clash', async () => {
    const server = (name: string, tools: string) => ({
      ...stdioMcpConfig(name),
      args: ['--import', 'tsx', TRUST_SERVER, '--name', name, '--tools', tools],
    });
    // Both under the same prefix: the agent sees `fin_search` twice, each server calls it `search`.
    const one = { ...server('one', 'search,read'), prefix: 'fin_' };
    const two = { ...server('two', 'search'), prefix: 'fin_' };
    const clash = await loadToolSet([one, two], { base_dir: REPO_ROOT }).catch((e: unknown) => e);
    expect((clash as Error).message).toBe(
      'tool name "fin_search" is offered by both MCP server "one" and MCP server "two"; give MCP server "one" or ' +
        'MCP server "two" another `prefix` (e.g. prefix: "one_"), or leave the tool out with `exclude: [search]` on MCP ' +
        'server "one" or `exclude: [search]` on MCP server "two"',
    );
  });

  it('masks the values of a server’s env in the stderr its errors quote (the model is shown them)', async () => {
    const leaky = {
      ...stdioMcpConfig('leaky'),
      args: [
        '-e',
        "process.stderr.write('connecting with token=' + process.env.DB_TOKEN + ' as ' + process.env.DB_USER + '\\n'); process.exit(5)",
      ],
      env: { DB_TOKEN: 'sup3rs3cretVALUE42', DB_USER: 'reader', LOG_LEVEL: '2' },
    };
    const error = await loadToolSet([leaky]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendStartError);
    expect((error as Error).message).toContain('connecting with token=***DB_TOKEN as reader');
    expect((error as Error).message).not.toContain('sup3rs3cret');
  });

  it('says why an HTTP server did not start: its status, or what it answered instead of MCP, never quoting that', async () => {
    const cases = [
      [401, 'Unauthorized', 'text/plain', 'it answered HTTP 401: Unauthorized'],
      [503, '', 'text/plain', 'it answered HTTP 503 with an empty body'],
      [
        200,
        '<html>login ab12cd34</html>',
        'text/html',
        'it answered with content of type text/html, not JSON or an event stream',
      ],
      [
        200,
        '<html>login ab12cd34</html>',
        'application/json',
        'it answered with what is not JSON (an HTML page, another service)',
      ],
    ] as const;
    for (const [status, body, type, said] of cases) {
      const server = await startStatusHttpServer(status, body, type);
      try {
        const error = await loadToolSet([httpMcpConfig('web', server.url)]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BackendStartError);
        expect((error as Error).message).toContain(`MCP server "web" (${server.url}) failed to start: ${said}`);
        if (status === 200) expect((error as Error).message).not.toContain('ab12cd34');
      } finally {
        await server.close();
      }
    }
  });

  it('says how a stdio server that ended while it started ended', async () => {
    const quits = { ...stdioMcpConfig('quits'), args: ['-e', 'process.exit(7)'] };
    const error = await loadToolSet([quits]).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /failed to start: it exited with code 7 before it had listed its tools \(/,
    );
    // What it wrote on stderr is shown with its escape sequences spelled out, never played on the terminal.
    const script = 'process.stderr.write("x\\u001b]52;c;cHduZWQ=\\u0007\\u001b[2J\\r\\u202eevil\\n"); process.exit(3)';
    const noisy = await loadToolSet([{ ...stdioMcpConfig('noisy'), args: ['-e', script] }]).catch((e: unknown) => e);
    expect((noisy as Error).message).toContain('\nstderr:\nx\\x1b]52;c;cHduZWQ=\\x07\\x1b[2J\\x0d\\u202eevil');
  });

  it('says a server that lists a tool twice must be fixed, not given a prefix', async () => {
    const error = await loadToolSet([stdioMcpConfig('dup', ['--listed-twice'])]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TOOL_NAME_CLASH' });
    expect((error as Error).message).toBe(
      'MCP server "dup" lists the tool "lookup" twice: its tools/list must name each tool once; fix the server, or leave the tool out with `exclude: [lookup]`',
    );
  });

  it('offers the tools include/exclude select, under their prefix, and calls them by their own names', async () => {
    const config = { ...httpMcpConfig('fin', http.url), include: ['subtract', 'divide'], exclude: ['divide'] };
    const set = await loadToolSet([{ ...config, prefix: 'fin_' }]);
    expect(set.tools.map((t) => t.name)).toEqual(['fin_subtract']);
    await expect(callValue(set, 'fin_subtract', { a: 206588, b: 181001 })).resolves.toBe(25587);
    await set.close();
  });

  it('refuses an include or exclude naming a tool the server lacks', async () => {
    const config = { ...httpMcpConfig('fin', http.url), exclude: ['substract'] };
    const error = await loadToolSet([config]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolSetupError);
    expect((error as Error).message).toMatch(
      /^MCP server "fin" has no tool "substract" \(named in its include\/exclude\); its tools are: lookup, subtract/,
    );
  });

  it('fails the call in flight and every later call when a stdio server dies, naming it and how it ended', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-mcp-'));
    const pidFile = join(dir, 'pid');
    const set = await loadToolSet([stdioMcpConfig('finance', ['--pid-file', pidFile])], { base_dir: REPO_ROOT });
    const inFlight = toolNamed(set, 'slow').execute({ ms: 20_000 }, signal);
    const started = Date.now();
    setTimeout(() => process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL'), 200);
    const error = await inFlight.catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error).toBeInstanceOf(ToolServerCrashedError);
    expect(error).toMatchObject({ code: 'TOOL_SERVER_CRASHED', server: 'finance' });
    expect((error as Error).message).toMatch(
      /^MCP server "finance" was killed by SIGKILL; its tools are unavailable for the rest of the run \(.*fake-mcp-server\.ts/,
    );
    const later = await toolNamed(set, 'subtract')
      .execute({ a: 1, b: 1 }, signal)
      .catch((e: unknown) => e);
    expect(later).toBe(error);
    await set.close();
  });

  it('stops a stdio server that sends a message of more than 32 MB, failing its calls with the cause', async () => {
    const set = await loadToolSet([stdioMcpConfig('finance')], { base_dir: REPO_ROOT });
    const error = await toolNamed(set, 'flood')
      .execute({ mb: 40 }, signal)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolServerCrashedError);
    expect((error as Error).message).toMatch(
      /^MCP server "finance" was stopped: it sent a message of more than 32 MB \(the most one MCP message may be\); its tools are unavailable for the rest of the run/,
    );
    await set.close();
  });

  for (const json of [false, true]) {
    it(`fails only the call whose HTTP answer is over 32 MB (${json ? 'a JSON body' : 'an event stream'}); the server's other calls go on`, async () => {
      const server = await startFakeMcpHttpServer({ json });
      try {
        const set = await loadToolSet([httpMcpConfig('web', server.url)]);
        const started = Date.now();
        const [over, beside] = await Promise.all([
          toolNamed(set, 'big')
            .execute({ mb: 33 }, signal)
            .catch((e: unknown) => e),
          callValue(set, 'subtract', { a: 5, b: 3 }),
        ]);
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(over).toBeInstanceOf(ToolExecutionError);
        expect(over).not.toBeInstanceOf(ToolServerCrashedError);
        expect((over as Error).message).toBe(
          'MCP server "web" sent a message of more than 32 MB (the most one MCP message may be): its answer was not read',
        );
        expect(beside).toBe(2);
        expect(String(await callValue(set, 'big', { mb: 31 }))).toHaveLength(31 * 1024 * 1024);
        await expect(callValue(set, 'subtract', { a: 9, b: 1 })).resolves.toBe(8);
        await set.close();
      } finally {
        await server.close();
      }
    });
  }

  it('reports a stdio server that exits at startup with its stderr', async () => {
    const error = await loadToolSet([stdioMcpConfig('db', ['--crash'])]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendStartError);
    expect(String((error as Error).message)).toMatch(/MCP server "db" .* failed to start/);
    expect(String((error as Error).message)).toContain('cannot open the finance database');
  });

  it('reports a server whose tools/list answer does not fit the protocol, naming the field', async () => {
    const error = await loadToolSet([stdioMcpConfig('broken', ['--bad-tools-list'])], { base_dir: REPO_ROOT }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BackendStartError);
    expect((error as Error).message).toMatch(
      /^MCP server "broken" \(.*\) failed to start: its answer does not fit the MCP protocol: tools\.0\.inputSchema\.required: Invalid input: expected array, received number$/,
    );
  });

  it('says that a server which never answers wrote what is no MCP message to stdout, quoting none of it', async () => {
    const error = await loadToolSet([stdioMcpConfig('cli', ['--not-mcp'])], { startup_timeout_ms: 1500 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BackendStartError);
    expect((error as Error).message).toMatch(
      /^MCP server "cli" \(.*\) failed to start: it did not answer initialize and tools\/list within 1\.5 s \(the limit for a server to start\) — it wrote to stdout a line that is not JSON: a stdio server writes only protocol messages to stdout, and its logs to stderr$/,
    );
    // What it wrote may hold a secret (a password printed at start): a quoted part of it could not be masked.
    expect((error as Error).message).not.toContain('usage');
  });

  it('starts a server that logs a line to stdout before it serves', async () => {
    const set = await loadToolSet([stdioMcpConfig('chatty', ['--banner'])]);
    try {
      await expect(callValue(set, 'subtract', { a: 5, b: 3 })).resolves.toBe(2);
    } finally {
      await set.close();
    }
  });

  it('reports a command that does not exist', async () => {
    const config = { ...stdioMcpConfig('ghost'), command: 'holodeck-no-such-command', args: [] };
    await expect(loadToolSet([config])).rejects.toThrow(/MCP server "ghost" .*failed to start: .*ENOENT/);
  });

  it('reports an unreachable HTTP server', async () => {
    await expect(loadToolSet([httpMcpConfig('down', 'http://127.0.0.1:9/mcp')])).rejects.toThrow(
      /MCP server "down" \(http:\/\/127\.0\.0\.1:9\/mcp\) failed to start/,
    );
  });

  it('reports a config with neither command nor url', async () => {
    const config = { ...httpMcpConfig('empty', ''), url: null };
    await expect(loadToolSet([config])).rejects.toThrow('neither a command nor a url');
  });

  it('closes servers that started when another one fails', async () => {
    const closeable = functionToolConfig('noop', { description: '', parameters: {}, execute: () => null });
    await expect(loadToolSet([closeable, stdioMcpConfig('db', ['--crash'])])).rejects.toThrow(BackendStartError);
  });
});
