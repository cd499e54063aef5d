/**
 * Timeout messages name the limit as it was set: a turn's `llm_timeout` under a millisecond (`--timeout 0.0004`,
 * `llm_timeout: 5e-324`) reads as given, not `0.s`; a limit in seconds converted to milliseconds keeps no
 * floating-point noise (`llm_timeout: 0.1053` is 105.3 ms, not 105.30000000000001).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiSdkJudge } from '../../src/backends/ai-sdk/create-ai-sdk-judge.js';
import { createTurnSignal, TurnTimeoutError } from '../../src/runner/turn-signal.js';
import { abortMessage } from '../../src/tools/abort-message.js';
import { modelConfig } from '../fakes/fixtures/agent-config.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ kind: 'answer', text: '{}', delay_ms: 600_000 }));
});
afterAll(async () => {
  await server.close();
});

describe('timeout messages', () => {
  it('a turn limit under a millisecond times out naming it as given', async () => {
    const turn = createTurnSignal(new AbortController().signal, 0.0004 * 1000);
    await expect(turn.aborted).rejects.toThrow('turn timed out after 0.0004s (llm_timeout)');
    turn.dispose();
    expect(new TurnTimeoutError(5e-324 * 1000).message).toBe('turn timed out after 5e-324s (llm_timeout)');
  });

  it('a turn limit of a millisecond or more is said to the millisecond', () => {
    expect(new TurnTimeoutError(60_000).message).toBe('turn timed out after 60s (llm_timeout)');
    expect(new TurnTimeoutError(1.001 * 1000).message).toBe('turn timed out after 1.001s (llm_timeout)');
    expect(new TurnTimeoutError(999.9).message).toBe('turn timed out after 1s (llm_timeout)');
    expect(new TurnTimeoutError(1).message).toBe('turn timed out after 0.001s (llm_timeout)');
  });

  it("a tool call cut off by such a turn names the turn's limit the same way", () => {
    expect(abortMessage('slow', new TurnTimeoutError(0.0004 * 1000))).toBe('tool slow timed out after 0.0004 s');
    expect(abortMessage('slow', new TurnTimeoutError(1500))).toBe('tool slow timed out after 1.5 s');
  });

  it('a judge call names its limit in milliseconds without conversion noise', async () => {
    const model = modelConfig({ provider: 'openai', name: 'judge-model', endpoint: `${server.url}/v1`, api_key: 'k' });
    const judge = createAiSdkJudge(model, {}, { timeout_ms: 0.1053 * 1000 });
    const request = { system: 'Grade.', prompt: 'x', schema: { type: 'object' }, schema_name: 'verdict' };
    await expect(judge.judge({ ...request, signal: new AbortController().signal, timeout_ms: null })).rejects.toThrow(
      /^judge call timed out after 105\.3 ms — the model request to http:\/\/127\.0\.0\.1:\d+ had no response headers 0\.\d s after it was sent$/,
    );
  });
});
