import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackendStartError } from '../../src/core/errors.js';
import type { ToolSet } from '../../src/core/loaded-tool.js';
import { loadToolSet } from '../../src/tools/load-tool-set.js';
import { type FakeMcpHttpServer, startFakeMcpHttpServer } from '../fakes/fake-mcp-server.js';
import {
  financeTools,
  functionToolConfig,
  httpMcpConfig,
  REPO_ROOT,
  stdioMcpConfig,
} from '../fakes/fixtures/tool-configs.js';

const signal = new AbortController().signal;

function toolNamed(set: ToolSet, name: string) {
  const tool = set.tools.find((t) => t.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool;
}

async function expectMcpTools(set: ToolSet): Promise<void> {
  expect(set.tools.map((t) => t.name)).toEqual(
    expect.arrayContaining(['lookup', 'subtract', 'divide', 'describe', 'unavailable', 'explode']),
  );
  expect(toolNamed(set, 'subtract').input_schema).toMatchObject({ type: 'object', required: ['a', 'b'] });
  await expect(toolNamed(set, 'subtract').execute({ a: 206588, b: 181001 }, signal)).resolves.toBe(25587);
  await expect(toolNamed(set, 'lookup').execute({ row: 'net cash', column: '2008' }, signal)).resolves.toBe(181001);
  await expect(toolNamed(set, 'describe').execute({}, signal)).resolves.toEqual({ rows: 1, columns: ['2008', '2009'] });
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
    await expect(toolNamed(set, 'divide').execute({ a: 25587, b: 181001 }, signal)).resolves.toBeCloseTo(0.14136, 5);
    await expect(toolNamed(set, 'archive').execute({}, signal)).rejects.toThrow('archive is offline');
    await set.close();
  });

  it('loads an MCP server over stdio and shuts it down on close', async () => {
    const set = await loadToolSet([stdioMcpConfig('finance')], { base_dir: REPO_ROOT });
    await expectMcpTools(set);
    await set.close();
    await expect(toolNamed(set, 'subtract').execute({ a: 1, b: 1 }, signal)).rejects.toThrow(/finance/);
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

  it('rejects two sources offering the same tool name, naming both', async () => {
    const subtract = financeTools().find((t) => t.name === 'subtract');
    if (subtract === undefined) throw new Error('fixture');
    const attempt = loadToolSet([subtract, httpMcpConfig('remote', http.url)]);
    await expect(attempt).rejects.toThrow(BackendStartError);
    await expect(loadToolSet([subtract, httpMcpConfig('remote', http.url)])).rejects.toThrow(
      'tool name "subtract" is provided by both function tool "subtract" and MCP server "remote"',
    );
  });

  it('reports a stdio server that exits at startup with its stderr', async () => {
    const error = await loadToolSet([stdioMcpConfig('db', ['--crash'])]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendStartError);
    expect(String((error as Error).message)).toMatch(/MCP server "db" .* failed to start/);
    expect(String((error as Error).message)).toContain('cannot open the finance database');
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
