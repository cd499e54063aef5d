/**
 * stdio MCP servers run in process groups of their own, which holodeck ends whole:
 * - a terminal's Ctrl-C signals the foreground process group; it reaches holodeck, which stops its cases
 *   itself, and not its tool servers, so a call in flight is not reported as a server that died (the case is
 *   unfinished and `--resume` runs it);
 * - a server started through a wrapper (`sh -c`, `npx`) does not outlive the run as the wrapper's orphan.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeProject } from '../e2e/e2e-project.js';
import { toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import { answer, type FakeScript } from '../fakes/fake-script.js';
import { FAKE_MCP_SERVER } from '../fakes/fixtures/tool-configs.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { isRunning } from '../helpers/is-running.js';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { until } from '../helpers/until.js';
import { startCli } from './cli-process.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

// The agent calls the server's slow tool for a minute, then answers with what it got.
const script: FakeScript = (request) =>
  toolResultsSinceLastUser(request).length > 0
    ? answer('done')
    : { kind: 'answer', tool_calls: [{ name: 'slow', args: { ms: 60_000 } }] };

async function project(serverCommand: string): Promise<{ dir: string; pidFile: string }> {
  server = await startFakeModelServer(script);
  const dir = await writeProject({});
  const pidFile = join(dir, 'server.pid');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(
    join(dir, 'agent.yaml'),
    `name: groups
model: { provider: openai_compatible, name: m, endpoint: "${server.url}/v1" }
tools:
  - { name: fin, type: mcp, ${serverCommand.replace('PID_FILE', pidFile)}, cwd: ${REPO_ROOT} }
execution: { llm_timeout: 3 }
test_cases:
  - { name: a, input: q, ground_truth: done }
`,
  );
  return { dir, pidFile };
}

const serverPid = (pidFile: string) => Number(readFileSync(pidFile, 'utf8'));

describe('stdio MCP servers in process groups of their own', () => {
  it('leaves the tool server alone on a terminal Ctrl-C: the case is unfinished, not a server crash', {
    timeout: 60_000,
  }, async () => {
    const { dir, pidFile } = await project(
      `command: ${process.execPath}, args: [--import, tsx, ${FAKE_MCP_SERVER}, --pid-file, PID_FILE]`,
    );
    const cli = startCli(['test', 'agent.yaml', '--grace-period', '1'], { cwd: dir, group: true });
    expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 30_000)).toBe(true);
    // The slow call is in flight once the model was asked and answered with it.
    expect(await until(() => (server?.requests.length ?? 0) >= 1, 20_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pid = cli.child.pid as number;
    process.kill(-pid, 'SIGINT');
    const exit = await cli.exited;
    expect(exit.code).toBe(130);
    const said = `${cli.stdoutLines().join('\n')}\n${cli.stderr()}`;
    expect(said).not.toContain('killed by SIGINT');
    expect(said).toContain('0 of 1 test cases finished');
    expect(await until(() => !isRunning(serverPid(pidFile)), 3_000)).toBe(true);
  });

  it('ends a server started through a wrapper with the run, not just the wrapper', { timeout: 60_000 }, async () => {
    const { dir, pidFile } = await project(
      `command: sh, args: [-c, '"${process.execPath}" --import tsx ${FAKE_MCP_SERVER} --pid-file PID_FILE --ignore-stdin-close; echo ended >&2']`,
    );
    const cli = startCli(['test', 'agent.yaml'], { cwd: dir });
    const exit = await cli.exited;
    // The slow call outlasted the turn's 3 s: the case errors, and the run ends while the server is still busy.
    expect(exit.code).toBe(1);
    expect(existsSync(pidFile)).toBe(true);
    expect(await until(() => !isRunning(serverPid(pidFile)), 3_000)).toBe(true);
  });

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(`ends the servers when ${signal} arrives while the run closes them, after its reports`, {
      timeout: 60_000,
    }, async () => {
      const { dir, pidFile } = await project(
        `command: sh, args: [-c, '"${process.execPath}" --import tsx ${FAKE_MCP_SERVER} --pid-file PID_FILE --ignore-stdin-close']`,
      );
      const cli = startCli(['test', 'agent.yaml'], { cwd: dir });
      // The reports are written; the server, busy and deaf to its stdin closing, is being closed.
      await cli.waitForLines(/^run record /, 1, 30_000);
      cli.child.kill(signal);
      const exit = await cli.exited;
      // Ended by the signal itself, as its default action would, once the servers are gone.
      expect(exit.signal, cli.stderr()).toBe(signal);
      expect(await until(() => !isRunning(serverPid(pidFile)), 3_000)).toBe(true);
    });
  }
});
