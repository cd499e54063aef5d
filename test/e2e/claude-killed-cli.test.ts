/**
 * holodeck killed outright (SIGKILL, an out-of-memory kill) mid-turn leaves no Claude Code process behind calling
 * the model, nor the session's scratch folder with its transcript.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startRecordingGateway } from '../claude/helpers/recording-gateway.js';
import { callTools } from '../fakes/fake-script.js';
import { startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { CLI_PATH } from '../helpers/run-cli.js';
import { modelBlock, TOOLS_BLOCK, writeProject } from './e2e-project.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Processes whose environment names this proxy, unique to the test: the run's Claude Code processes. */
function processesWith(proxy: string): string[] {
  return readdirSync('/proc').filter((pid) => {
    try {
      return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`HTTPS_PROXY=${proxy}`);
    } catch {
      return false;
    }
  });
}

it('ends the Claude Code process and removes its scratch folder when holodeck is SIGKILLed mid-turn', {
  timeout: 60_000,
}, async () => {
  // The model calls a tool on every request, slowly: a turn that would go on until its step limit.
  const server = await startFakeModelServer(() => callTools({ name: 'subtract', args: { a: 2, b: 1 } }), {
    latency_ms: 700,
  });
  const gateway = await startRecordingGateway(server.url);
  const scratch = await mkdtemp(join(tmpdir(), 'holodeck-killed-'));
  try {
    const dir = await writeProject({
      'agent.yaml': `name: killed
${modelBlock('anthropic', gateway.url)}
backend: claude_agent_sdk
instructions: { inline: "Use the tools." }
${TOOLS_BLOCK}
execution: { max_steps: 50, llm_timeout: 120 }
test_cases:
  - { name: loop, input: subtract forever, ground_truth: "1" }
`,
    });
    const env = {
      ...process.env,
      TMPDIR: scratch,
      HTTPS_PROXY: gateway.url,
      HTTP_PROXY: gateway.url,
      NO_PROXY: '127.0.0.1',
    };
    const cli = spawn(process.execPath, [CLI_PATH, 'test', dir, '-q'], { env, stdio: 'ignore' });
    const exited = new Promise((resolve) => cli.once('exit', resolve));
    while (server.requests.length < 2) await sleep(50);
    expect(processesWith(gateway.url).length).toBeGreaterThan(0);
    cli.kill('SIGKILL');
    await exited;
    await sleep(1500);
    expect(processesWith(gateway.url)).toEqual([]);
    const atKill = server.requests.length;
    await sleep(2000);
    expect(server.requests.length).toBe(atKill);
    expect((await readdir(scratch)).filter((name) => name.startsWith('holodeck-claude-'))).toEqual([]);
  } finally {
    await gateway.close();
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  }
});
