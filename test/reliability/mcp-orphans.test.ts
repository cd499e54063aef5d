/**
 * A stdio MCP server that never answers `initialize` and ignores its stdin closing: the SDK would signal it
 * only seconds after it closed its stdin, so a run that exits meanwhile (Ctrl-C while the servers start) left
 * it running with no parent. holodeck kills the servers still running when its process exits.
 */

import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeProject } from '../e2e/e2e-project.js';
import { FAKE_MCP_SERVER } from '../fakes/fixtures/tool-configs.js';
import { isRunning } from '../helpers/is-running.js';
import { REPO_ROOT } from '../helpers/run-cli.js';
import { until } from '../helpers/until.js';
import { startCli } from './cli-process.js';

// SIGTERM counts as a Ctrl-C (exit 130).
const CASES = [
  { signal: 'SIGINT', args: [], where: '' },
  { signal: 'SIGINT', args: ['--workers', '2'], where: ' in a case worker' },
  { signal: 'SIGTERM', args: ['--workers', '2'], where: ' in a case worker' },
] as const;

describe('MCP servers left behind', () => {
  for (const { signal, args, where } of CASES) {
    it(`kills a stdio server that never answered${where} when ${signal} interrupts the run while it starts`, {
      timeout: 60_000,
    }, async () => {
      const dir = await writeProject({});
      const pidFile = join(dir, 'server.pid');
      const yaml = `name: orphans
model: { provider: ollama, name: llama3.2, endpoint: "http://127.0.0.1:9" }
tools:
  - { name: silent, type: mcp, command: ${process.execPath}, args: [--import, tsx, ${FAKE_MCP_SERVER}, --not-mcp, --pid-file, ${pidFile}], cwd: ${REPO_ROOT} }
test_cases:
  - { name: a, input: q, ground_truth: x }
`;
      await writeFile(join(dir, 'agent.yaml'), yaml);
      const cli = startCli(['test', 'agent.yaml', ...args], { cwd: dir });
      expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 30_000)).toBe(true);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      expect(isRunning(pid)).toBe(true);
      cli.child.kill(signal);
      const exit = await cli.exited;
      expect(exit.code).toBe(130);
      expect(await until(() => !isRunning(pid), 2_000)).toBe(true);
    });
  }
});
