import { describe, expect, it } from 'vitest';
import {
  answer,
  deps,
  EXACT_METRIC,
  multiCase,
  scriptedBackend,
  turn,
} from '../../test/support/runner/runner-fixtures.js';
import type { AgentSession, TurnRequest, TurnResponse } from '../core/backend.js';
import type { ExpectedTool, TurnConfig } from '../core/config-types.js';
import { AgentTurnError } from '../core/errors.js';
import type { RunDeps } from './run-deps.js';
import { runTurn } from './run-turn.js';
import { reportToCurrentTurn } from './turn-scope.js';

const lookup: ExpectedTool = { name: 'lookup', name_match: 'exact', args: null, count: 1 };

function session(send: (request: TurnRequest) => Promise<TurnResponse> | TurnResponse): AgentSession {
  return { send: async (request) => send(request), close: async () => {} };
}

/** Settles once the turn is stopped (at once when it already is), as an agent that honours its signal does. */
async function untilAborted(signal: AbortSignal): Promise<never> {
  if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
  throw signal.reason;
}

function context(turnConfig: TurnConfig, agent: AgentSession, overrides: Partial<RunDeps> = {}, timeoutMs = 1000) {
  return {
    session: agent,
    testCase: multiCase('jkhy', [turnConfig]),
    turn: turnConfig,
    agentMetrics: [EXACT_METRIC],
    turnTimeoutMs: timeoutMs,
    earlierTurns: [],
    deps: deps(scriptedBackend(() => answer('')).backend, overrides),
  };
}

describe('runTurn', () => {
  it('answers a turn: its metrics pass, its usage and calls are kept', async () => {
    const asked = turn(0, 'net cash 2009?', { ground_truth: '206588' });
    const outcome = await runTurn(
      context(
        asked,
        session(() => answer('206588', 42)),
      ),
    );
    expect(outcome.state).toBe('answered');
    expect(outcome.result).toMatchObject({
      status: 'passed',
      passed: true,
      response: '206588',
      token_usage: { prompt_tokens: 42 },
      metric_results: [expect.objectContaining({ metric_name: 'equality', passed: true })],
    });
  });

  it('fails a turn whose tool assertion does not hold even when every metric passed', async () => {
    const asked = turn(0, 'net cash 2009?', { ground_truth: '206588', expected_tools: [lookup] });
    const outcome = await runTurn(
      context(
        asked,
        session(() => answer('206588')),
      ),
    );
    expect(outcome.state).toBe('answered');
    expect(outcome.result).toMatchObject({ status: 'failed', tools_matched: false });
    expect(outcome.result.metric_results[0]?.passed).toBe(true);
  });

  it('errors a turn that times out, keeping the tool calls that settled before, and ends no session', async () => {
    const asked = turn(0, 'net cash 2009?', { ground_truth: '206588', expected_tools: [lookup] });
    const slow = session(async (request) => {
      request.calls?.record({ name: 'lookup', args: { year: 2009 }, result: 206588, error: null, duration_ms: 3 });
      return untilAborted(request.signal);
    });
    const outcome = await runTurn(context(asked, slow, {}, 50));
    expect(outcome).toMatchObject({ state: 'errored', unrecoverable: false, interrupted: false });
    expect(outcome.result).toMatchObject({
      status: 'error',
      passed: false,
      tool_calls: ['lookup'],
      errors: ['turn timed out after 0.05s (llm_timeout)'],
      // The expected tool was called, but no assertion was evaluated: not a verdict of false.
      tools_matched: null,
      arg_match_details: [],
    });
  });

  it('errors as timed out a turn whose answer came in after its timeout, though the timer could not fire', async () => {
    const asked = turn(0, 'net cash 2009?', { ground_truth: '206588', expected_tools: [lookup] });
    // An agent that keeps the event loop busy past the timeout (as 100,000 tool calls do), then answers well.
    const busy = session((request) => {
      const until = performance.now() + 120;
      while (performance.now() < until) {}
      request.calls?.record({ name: 'lookup', args: { year: 2009 }, result: 206588, error: null, duration_ms: 3 });
      return {
        ...answer('206588'),
        tool_invocations: [{ name: 'lookup', args: {}, result: 1, error: null, duration_ms: 1 }],
      };
    });
    const outcome = await runTurn(context(asked, busy, {}, 50));
    expect(outcome).toMatchObject({ state: 'errored', unrecoverable: false, interrupted: false });
    expect(outcome.result).toMatchObject({
      status: 'error',
      passed: false,
      tools_matched: null,
      tool_calls: ['lookup'],
    });
    expect(outcome.result.metric_results).toEqual([]);
    expect(outcome.result.errors).toEqual([
      expect.stringMatching(
        /^turn timed out after 0\.05s \(llm_timeout\): the agent's answer came in only after 0\.[1-9]s$/,
      ),
    ]);
  });

  it('counts the retries of a turn that fails, and says what held up one that timed out while retrying', async () => {
    const asked = turn(0, 'net cash 2009?', { ground_truth: '206588' });
    const throttled = session(async (request) => {
      for (let i = 0; i < 3; i += 1) request.retries?.record('rate limited (HTTP 429)');
      return untilAborted(request.signal);
    });
    const timedOut = await runTurn(context(asked, throttled, {}, 50));
    expect(timedOut.result).toMatchObject({
      status: 'error',
      retries: 3,
      errors: [
        'turn timed out after 0.05s (llm_timeout) — while retrying: 3 model requests failed, the last with "rate limited (HTTP 429)"',
      ],
    });
    const gaveUp = session((request) => {
      request.retries?.record('HTTP 500 from the model server');
      request.retries?.record('HTTP 500 from the model server');
      throw new AgentTurnError('HTTP 500 from the model server — gave up after 2 retries', 'MODEL_ERROR');
    });
    const failed = await runTurn(context(asked, gaveUp));
    expect(failed.result).toMatchObject({
      retries: 2,
      errors: ['HTTP 500 from the model server — gave up after 2 retries'],
    });
  });

  it('does not count as a retry a failed request whose back-off the turn ran out of time in', async () => {
    const asked = turn(0, 'net cash 2009?', { ground_truth: '206588' });
    const backingOff = session(async (request) => {
      request.retries?.waiting?.('HTTP 503 from the model server');
      request.retries?.record('HTTP 503 from the model server');
      request.retries?.waiting?.('HTTP 503 from the model server');
      return untilAborted(request.signal);
    });
    const timedOut = await runTurn(context(asked, backingOff, {}, 50));
    expect(timedOut.result).toMatchObject({
      status: 'error',
      retries: 1,
      errors: [
        'turn timed out after 0.05s (llm_timeout) — while retrying: 2 model requests failed, the last with "HTTP 503 from the model server"',
      ],
    });
  });

  it('marks an unrecoverable agent error so the case stops there', async () => {
    const asked = turn(0, 'net cash 2009?', { ground_truth: '206588' });
    const broken = session(() => {
      throw new AgentTurnError('401 Unauthorized from http://127.0.0.1:1/v1', 'MODEL_AUTH', true);
    });
    const outcome = await runTurn(context(asked, broken));
    expect(outcome).toMatchObject({ state: 'errored', unrecoverable: true, interrupted: false });
    expect(outcome.result.errors).toEqual(['401 Unauthorized from http://127.0.0.1:1/v1']);
  });

  it('says a turn was interrupted when the run is cancelled while it runs', async () => {
    const cancel = new AbortController();
    const asked = turn(0, 'net cash 2009?', { ground_truth: '206588' });
    const waiting = session(async (request) => {
      cancel.abort();
      return untilAborted(request.signal);
    });
    const outcome = await runTurn(context(asked, waiting, { signal: cancel.signal }));
    expect(outcome).toMatchObject({ state: 'errored', interrupted: true });
    expect(outcome.result.errors).toEqual(['run interrupted before the turn finished']);
  });

  it('leaves the turn unfinished, not errored, when the run is interrupted while a metric runs', async () => {
    const cancel = new AbortController();
    const asked = turn(0, 'net cash 2009?', { ground_truth: '206588' });
    const grading = {
      name: 'slow-grader',
      requires_ground_truth: false,
      requires_retrieval_context: false,
      default_threshold: null,
      async evaluate(input: { signal?: AbortSignal }) {
        cancel.abort();
        // A grader cut off by the interrupt, as the grader host reports it.
        if (input.signal?.aborted) throw new Error('grader graders.mjs:slow was interrupted');
        return { score: 1 };
      },
    };
    const outcome = await runTurn(
      context(
        asked,
        session(() => answer('206588')),
        { signal: cancel.signal, createEvaluator: () => grading },
      ),
    );
    expect(outcome).toMatchObject({ state: 'errored', interrupted: true });
    expect(outcome.result.errors).toEqual(['run interrupted before the turn finished']);
  });

  it('errors an answered turn that reports a problem outside the agent (a crashed tool server)', async () => {
    const asked = turn(0, 'net cash 2009?', { ground_truth: '206588' });
    const outcome = await runTurn(
      context(
        asked,
        session(() => ({ ...answer('206588'), errors: ['tool server "finance" exited with code 1'] })),
      ),
    );
    expect(outcome.state).toBe('answered');
    expect(outcome.result).toMatchObject({ status: 'error', errors: ['tool server "finance" exited with code 1'] });
  });
  it('blames user code that tries to end the process on its turn, unless the run says no such code runs here', async () => {
    const asked = turn(0, 'net cash 2009?', { ground_truth: '206588' });
    const seen: boolean[] = [];
    const agent = session(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push(reportToCurrentTurn('agent.mjs:3:5 called process.exit(0): user code may not end the run'));
      return answer('206588');
    });
    const scoped = await runTurn(context(asked, agent));
    expect(scoped.state).toBe('errored');
    expect(scoped.result.errors).toEqual(['agent.mjs:3:5 called process.exit(0): user code may not end the run']);
    const unscoped = await runTurn(context(asked, agent, { turn_scope: false }));
    expect(unscoped.state).toBe('answered');
    expect(unscoped.result.status).toBe('passed');
    expect(seen).toEqual([true, false]);
  });
});
