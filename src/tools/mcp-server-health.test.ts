import { describe, expect, it } from 'vitest';
import { ToolServerCrashedError } from '../core/errors.js';
import { createServerHealth, type ExitStatus, isConnectionLoss } from './mcp-server-health.js';

function facts(stdio: boolean, exit: ExitStatus | null = null, stderr = '') {
  return {
    name: 'ledger',
    where: stdio ? 'node ledger.js' : 'http://127.0.0.1:9/mcp',
    stdio,
    exitStatus: () => exit,
    stderrTail: () => stderr,
  };
}

const never = new Promise<never>(() => undefined);

describe('createServerHealth', () => {
  it('fails the calls in flight when a stdio server goes, then every later call, with its exit and stderr', async () => {
    const health = createServerHealth(facts(true, { code: 3, signal: null }, 'starting\nfatal: disk full\n'));
    const inFlight = health.guard(never);
    health.closed();
    const message =
      'MCP server "ledger" exited with code 3; stderr: starting | fatal: disk full; its tools are unavailable ' +
      'for the rest of the run (node ledger.js)';
    await expect(inFlight).rejects.toThrow(message);
    await expect(inFlight).rejects.toBeInstanceOf(ToolServerCrashedError);
    expect(health.dead?.message).toBe(message);
    await expect(health.guard(Promise.resolve(1))).rejects.toBe(health.dead);
    expect(health.crashOf(new Error('Not connected'))).toBe(health.dead);
  });

  it("spells out the escape sequences and bidirectional marks of the server's stderr", () => {
    const health = createServerHealth(
      facts(true, { code: 3, signal: null }, 'x\u001b]52;c;cHduZWQ=\u0007\u001b[2J\r\u202eevil'),
    );
    health.closed();
    expect(health.dead?.message).toContain('stderr: x\\x1b]52;c;cHduZWQ=\\x07\\x1b[2J\\x0d\\u202eevil;');
  });

  it('names a signal, and a close without an exit', () => {
    const killed = createServerHealth(facts(true, { code: null, signal: 'SIGKILL' }));
    killed.closed();
    expect(killed.dead?.message).toMatch(/^MCP server "ledger" was killed by SIGKILL;/);
    const closed = createServerHealth(facts(true));
    closed.closed();
    expect(closed.dead?.message).toMatch(/^MCP server "ledger" closed its connection;/);
  });

  it('is no crash when we close the connection ourselves', async () => {
    const health = createServerHealth(facts(true, { code: 0, signal: null }));
    health.closing();
    health.closed();
    expect(health.dead).toBeNull();
    await expect(health.guard(Promise.resolve('ok'))).resolves.toBe('ok');
  });

  it('over HTTP fails the calls in flight on a lost connection, and tells it from a refused one', async () => {
    const health = createServerHealth(facts(false));
    const inFlight = health.guard(never);
    health.transportError(new Error('SSE stream disconnected: TypeError: terminated'));
    await expect(inFlight).rejects.toThrow(
      'MCP server "ledger" (http://127.0.0.1:9/mcp) dropped the connection: SSE stream disconnected: TypeError: terminated',
    );
    expect(health.dead).toBeNull();
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });
    expect(health.crashOf(refused)?.message).toBe(
      'MCP server "ledger" (http://127.0.0.1:9/mcp) is unreachable: fetch failed (connect ECONNREFUSED 127.0.0.1:9)',
    );
    expect(health.crashOf(new Error('MCP error -32602: Invalid params'))).toBeNull();
  });
});

describe('isConnectionLoss', () => {
  it('reads codes and messages down the cause chain', () => {
    expect(isConnectionLoss(new Error('request failed', { cause: { code: 'UND_ERR_SOCKET' } }))).toBe(true);
    expect(isConnectionLoss(new TypeError('fetch failed'))).toBe(true);
    expect(isConnectionLoss(new Error('x', { cause: Object.assign(new Error('y'), { code: 'ECONNRESET' }) }))).toBe(
      true,
    );
    expect(isConnectionLoss(Object.assign(new Error('Connection closed'), { code: -32000 }))).toBe(true);
    expect(isConnectionLoss(new Error('the archive is offline'))).toBe(false);
  });
});
