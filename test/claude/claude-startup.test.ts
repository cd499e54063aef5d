/**
 * Claude Code's start-up is not the turn's time: the session's process starts when the session opens, with a bound
 * of its own (`Claude Code did not start within …`), so a turn's `llm_timeout` counts the model and the tools only.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { requireBundledExecutable } from '../../src/backends/claude-agent-sdk/load-claude-agent-sdk.js';
import { AgentTurnError } from '../../src/core/errors.js';
import { createConvFinQaScript, JKHY_2009 } from '../fakes/convfinqa-script.js';
import { turnRequest } from '../fakes/fixtures/agent-config.js';
import { financeTools } from '../fakes/fixtures/tool-configs.js';
import { type ClaudeFixture, startClaudeFixture } from './helpers/claude-fixture.js';

let fixture: ClaudeFixture | null = null;
let dir: string | null = null;
afterEach(async () => {
  await fixture?.close();
  fixture = null;
  if (dir !== null) await rm(dir, { recursive: true, force: true });
  dir = null;
});

/** Claude Code that takes `seconds` longer to start, as on a busy machine. */
async function slowClaude(seconds: number): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'holodeck-slow-claude-'));
  const path = join(dir, 'claude');
  await writeFile(path, `#!/bin/sh\nsleep ${seconds}\nexec "${requireBundledExecutable()}" "$@"\n`, { mode: 0o755 });
  return path;
}

describe('claude_agent_sdk backend: start-up apart from the turn', () => {
  it("starts Claude Code when the session opens, so a slow start-up takes nothing of the turn's time", async () => {
    fixture = await startClaudeFixture(createConvFinQaScript(), {
      tools: financeTools(),
      deps: { executable_path: await slowClaude(2) },
    });
    const session = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal });
    const began = Date.now();
    const answered = await session.send(turnRequest(0, JKHY_2009.turns[0].input, AbortSignal.timeout(1500)));
    expect(answered.response).toBe('206588');
    expect(Date.now() - began).toBeLessThan(1500);
    await session.close();
  });

  it('bounds the start-up on its own, saying so', async () => {
    fixture = await startClaudeFixture(createConvFinQaScript(), {
      deps: { executable_path: await slowClaude(5), startup_ms: 500 },
    });
    const error = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AgentTurnError);
    expect(error).toMatchObject({ code: 'AGENT_START', message: 'Claude Code did not start within 0.5s' });
    expect(await fixture.scratchEntries()).toEqual([]);
  });

  it('says why a binary could not be launched, in its own words', async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-garbage-claude-'));
    // A folder passes for executable, and cannot be launched.
    const path = join(dir, 'claude');
    await mkdir(path);
    fixture = await startClaudeFixture(createConvFinQaScript(), { deps: { executable_path: path } });
    const error = await fixture.backend.openSession({ test_case_name: 'c', signal: new AbortController().signal }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'AGENT_START' });
    expect((error as Error).message).toMatch(/^Claude Code did not start: spawn .*claude EACCES/);
    expect((error as Error).message).not.toMatch(/pathToClaudeCodeExecutable|musl|glibc/);
  });
});
