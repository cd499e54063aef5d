import { describe, expect, it } from 'vitest';
import {
  answer,
  deps,
  EXACT_METRIC,
  exactEvaluator,
  multiCase,
  scriptedBackend,
  sleep,
  turn,
} from '../../test/support/runner/runner-fixtures.js';
import { AgentTurnError } from '../core/errors.js';
import { runTestCase } from './run-test-case.js';
import { STOP_GRACE_MS } from './run-turn.js';

const case3 = multiCase('net-cash', [
  turn(0, 'net cash 2009?', { ground_truth: '206588' }),
  turn(1, 'and 2008?', { ground_truth: '181001' }),
  turn(2, 'difference?', { ground_truth: '25587' }),
]);

describe('runTestCase', () => {
  it('sends the turns in order on one session, evaluates each turn and closes the session', async () => {
    const answers: Record<string, string> = {
      'net cash 2009?': '206588',
      'and 2008?': '181001',
      'difference?': '25587',
    };
    const { backend, sessions } = scriptedBackend((request) => answer(answers[request.input] ?? '?'));
    const run = await runTestCase(case3, [EXACT_METRIC], 1000, deps(backend));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.inputs).toEqual(['net cash 2009?', 'and 2008?', 'difference?']);
    expect(sessions[0]!.closed).toBe(true);
    expect(run.result.passed).toBe(true);
    expect(run.result.status).toBe('passed');
    expect(run.result.turns?.map((t) => t.status)).toEqual(['passed', 'passed', 'passed']);
    expect(run.result.test_input).toBe('net cash 2009?\n---\nand 2008?\n---\ndifference?');
    expect(run.result.agent_response).toBe('25587');
    expect(run.result.token_usage.prompt_tokens).toBe(30);
    expect(run.result.metric_results).toEqual([
      expect.objectContaining({ metric_name: 'equality', score: 1, passed: true, skipped: false }),
    ]);
  });

  it("gives each turn's metrics the earlier turns the agent answered, with their tool calls, leaving out one that timed out", async () => {
    const seen: unknown[] = [];
    const lookup = { name: 'lookup', args: { year: 2009 }, result: 206588, error: null, duration_ms: 4 };
    const { backend } = scriptedBackend(async (request) => {
      if (request.turn_index === 1) await sleep(500);
      const reply = answer(['206588', '181001', '25587'][request.turn_index]!);
      return request.turn_index === 0 ? { ...reply, tool_invocations: [lookup] } : reply;
    });
    const evaluator = exactEvaluator();
    const createEvaluator = () => ({
      ...evaluator,
      evaluate: (input: Parameters<typeof evaluator.evaluate>[0]) => {
        seen.push(input.earlier_turns);
        return evaluator.evaluate(input);
      },
    });
    await runTestCase(case3, [EXACT_METRIC], 100, deps(backend, { createEvaluator }));
    expect(seen).toEqual([[], [{ input: 'net cash 2009?', response: '206588', tool_invocations: [lookup] }]]);
  });

  it('fails exactly the turn that answers wrongly and averages the metric over turns', async () => {
    const { backend } = scriptedBackend((request) =>
      answer(request.turn_index === 2 ? '25000' : ['206588', '181001'][request.turn_index]!),
    );
    const run = await runTestCase(case3, [EXACT_METRIC], 1000, deps(backend));
    expect(run.result.passed).toBe(false);
    expect(run.result.status).toBe('failed');
    expect(run.result.turns?.map((t) => t.status)).toEqual(['passed', 'passed', 'failed']);
    expect(run.result.metric_results[0]).toMatchObject({ score: 2 / 3, passed: false });
  });

  it('fails a timed-out turn and runs the next turn on the same session', async () => {
    const { backend, sessions } = scriptedBackend(async (request) => {
      if (request.turn_index === 1) await sleep(500);
      return answer(['206588', '181001', '25587'][request.turn_index]!);
    });
    const run = await runTestCase(case3, [EXACT_METRIC], 100, deps(backend));
    const turns = run.result.turns!;
    expect(turns.map((t) => [t.passed, t.skipped])).toEqual([
      [true, false],
      [false, false],
      [true, false],
    ]);
    expect(turns[1]!.errors[0]).toMatch(/timed out after 0\.1s/);
    // A timeout is no verdict on the agent's answer: the turn and the case are errors, not failures.
    expect(turns.map((t) => t.status)).toEqual(['passed', 'error', 'passed']);
    expect(run.result.status).toBe('error');
    expect(sessions[0]!.inputs).toHaveLength(3);
    expect(run.result.errors).toEqual([expect.stringMatching(/^turn 2\/\d+: turn timed out/)]);
  });

  it('keeps the tool calls of a turn that timed out, the hung one with its error', async () => {
    const { backend } = scriptedBackend(async (request) => {
      if (request.turn_index === 1) {
        request.calls?.record({ name: 'lookup', args: { row: 'x' }, result: 1, error: null, duration_ms: 2 });
        await sleep(500);
        request.calls?.record({
          name: 'slow_tool',
          args: {},
          result: null,
          error: 'tool slow_tool timed out after 0.1 s',
          duration_ms: 100,
        });
      }
      return answer(['206588', '181001', '25587'][request.turn_index]!);
    });
    const run = await runTestCase(case3, [EXACT_METRIC], 100, deps(backend));
    const timedOut = run.result.turns![1]!;
    expect(timedOut.status).toBe('error');
    // The call that settled while the turn was stopping is kept too, with the error that ended it.
    expect(timedOut.tool_calls).toEqual(['lookup', 'slow_tool']);
    expect(timedOut.tool_invocations[0]).toMatchObject({ name: 'lookup', error: null });
    expect(timedOut.tool_invocations[1]).toMatchObject({ error: 'tool slow_tool timed out after 0.1 s' });
  });

  it('skips the remaining turns after two errors in a row, with the reason', async () => {
    const four = multiCase('c', [turn(0, 'a'), turn(1, 'b'), turn(2, 'c'), turn(3, 'd')]);
    const { backend, sessions } = scriptedBackend((request) => {
      if (request.turn_index >= 1) throw new Error('backend exploded');
      return answer('ok');
    });
    const run = await runTestCase(four, [], 1000, deps(backend));
    const turns = run.result.turns!;
    expect(turns.map((t) => t.skipped)).toEqual([false, false, false, true]);
    expect(turns.map((t) => t.status)).toEqual(['passed', 'error', 'error', 'skipped']);
    expect(run.result.status).toBe('error');
    expect(turns[3]!.errors[0]).toMatch(/failed twice in a row \(turns 2 and 3\)/);
    expect(sessions[0]!.inputs).toEqual(['a', 'b', 'c']);
    expect(sessions[0]!.closed).toBe(true);
  });

  it('skips the remaining turns at once when the backend says the session is unrecoverable', async () => {
    const { backend } = scriptedBackend(() => {
      throw new AgentTurnError('401 invalid key', 'AUTH', true);
    });
    const run = await runTestCase(case3, [], 1000, deps(backend));
    expect(run.result.turns!.map((t) => t.skipped)).toEqual([false, true, true]);
    expect(run.result.turns![1]!.errors[0]).toMatch(/unrecoverable at turn 1/);
    expect(run.result.passed).toBe(false);
    expect(run.result.status).toBe('error');
  });

  it('marks every turn skipped when the session cannot be opened', async () => {
    const { backend } = scriptedBackend(() => answer('x'));
    const failing = { ...backend, openSession: async () => Promise.reject(new Error('factory threw')) };
    const run = await runTestCase(case3, [], 1000, deps(failing));
    expect(run.result.turns!.every((t) => t.skipped)).toBe(true);
    expect(run.result.errors[0]).toBe('factory threw');
    expect(run.result.passed).toBe(false);
    // The turns never ran, but the case has an error of its own: it is an error, not a skip.
    expect(run.result.turns!.map((t) => t.status)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(run.result.status).toBe('error');
  });

  it('skips a metric on a turn without ground truth and keeps it out of the mean', async () => {
    const mixed = multiCase('m', [turn(0, 'a'), turn(1, 'b', { ground_truth: 'B' })]);
    const { backend } = scriptedBackend((request) => answer(request.input.toUpperCase()));
    const run = await runTestCase(mixed, [EXACT_METRIC], 1000, deps(backend));
    expect(run.result.turns![0]!.metric_results[0]).toMatchObject({ skipped: true, passed: null, score: null });
    expect(run.result.turns![0]!.passed).toBe(true);
    expect(run.result.metric_results[0]).toMatchObject({
      score: 1,
      passed: true,
      reasoning: '1/1 turns passed (1 skipped)',
    });
  });

  it('reports a single-turn case without turns and with its own fields', async () => {
    const single = { ...multiCase('s', [turn(0, 'hello', { ground_truth: 'hi' })]), kind: 'single' as const };
    const { backend } = scriptedBackend(() => answer('hi'));
    const run = await runTestCase(single, [EXACT_METRIC], 1000, deps(backend));
    expect(run.result).not.toHaveProperty('turns');
    expect(run.result).toMatchObject({ test_input: 'hello', agent_response: 'hi', ground_truth: 'hi', passed: true });
  });

  it('never sends the next turn while a timed-out turn is still running', async () => {
    let active = 0;
    let overlapped = false;
    const { backend, sessions } = scriptedBackend(async (request) => {
      active += 1;
      if (active > 1) overlapped = true;
      await sleep(request.turn_index === 0 ? 600 : 10);
      active -= 1;
      return answer(['206588', '181001', '25587'][request.turn_index]!);
    });
    const run = await runTestCase(case3, [EXACT_METRIC], 100, deps(backend));
    expect(overlapped).toBe(false);
    expect(sessions[0]!.inputs).toHaveLength(3);
    expect(run.result.turns!.map((t) => t.passed)).toEqual([false, true, true]);
  });

  it('gives up the session when a timed-out turn does not stop within the grace period', async () => {
    const { backend, sessions } = scriptedBackend(async (request) => {
      if (request.turn_index === 0) await sleep(STOP_GRACE_MS + 2000);
      return answer('x');
    });
    const run = await runTestCase(case3, [], 100, deps(backend));
    const turns = run.result.turns!;
    expect(turns.map((t) => t.skipped)).toEqual([false, true, true]);
    expect(turns[0]!.errors[0]).toMatch(/timed out after 0\.1s \(llm_timeout\); the agent did not stop within 5s/);
    expect(sessions[0]!.inputs).toEqual(['net cash 2009?']);
    expect(sessions[0]!.closed).toBe(true);
  }, 15_000);

  it('counts a metric that errored on a turn as 0 in the roll-up', async () => {
    let calls = 0;
    const flaky = {
      ...exactEvaluator(),
      async evaluate() {
        calls += 1;
        if (calls > 1) throw new Error('grader crashed');
        return { score: 1 };
      },
    };
    const { backend } = scriptedBackend(() => answer('ok'));
    const run = await runTestCase(case3, [EXACT_METRIC], 1000, deps(backend, { createEvaluator: () => flaky }));
    expect(run.result.metric_results[0]).toMatchObject({
      score: 1 / 3,
      passed: false,
      error: 'grader crashed; grader crashed',
    });
    expect(run.result.turns!.map((t) => t.status)).toEqual(['passed', 'error', 'error']);
    expect(run.result.status).toBe('error');
  });
});

describe('runTestCase signals', () => {
  it('gives each session a signal of its own that follows the run and is released with the case', async () => {
    const run = new AbortController();
    const seen: AbortSignal[] = [];
    const { backend } = scriptedBackend(() => answer('a'));
    const opening = backend.openSession.bind(backend);
    const watched = {
      ...backend,
      openSession: (options: Parameters<typeof backend.openSession>[0]) => {
        seen.push(options.signal);
        return opening(options);
      },
    };
    const testCase = multiCase('c', [turn(0, 'q')]);
    await runTestCase(testCase, [], 1000, deps(watched, { signal: run.signal }));
    await runTestCase(testCase, [], 1000, deps(watched, { signal: run.signal }));
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(run.signal);
    expect(seen[0]).not.toBe(seen[1]);
    run.abort();
    expect(seen.every((signal) => !signal.aborted)).toBe(true);

    const live = new AbortController();
    const { backend: slow } = scriptedBackend(async (request) => {
      live.abort();
      if (!request.signal.aborted) await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
      return answer('late');
    });
    let sessionSignal: AbortSignal | null = null;
    const open = slow.openSession.bind(slow);
    const outcome = await runTestCase(testCase, [], 5000, {
      ...deps({
        ...slow,
        openSession: (o) => {
          sessionSignal = o.signal;
          return open(o);
        },
      }),
      signal: live.signal,
    });
    expect(sessionSignal!.aborted).toBe(true);
    expect(outcome.interrupted).toBe(true);
  });
});

describe('runTestCase with tools', () => {
  const divide = { name: 'divide', args: { a: 1, b: 0 }, result: null, error: 'division by zero', duration_ms: 1 };
  const lookup = { name: 'lookup', args: { column: '2009' }, result: 206588, error: null, duration_ms: 1 };
  const expectLookup = { name: 'lookup', name_match: 'substring' as const, args: null, count: 1 };

  it('keeps the tool assertions of a single-turn case in its result', async () => {
    const single = {
      ...multiCase('single', [turn(0, 'q', { expected_tools: [expectLookup] })]),
      kind: 'single' as const,
    };
    const { backend } = scriptedBackend(() => ({ ...answer('ok'), tool_invocations: [divide] }));
    const run = await runTestCase(single, [], 1000, deps(backend));
    expect(run.result.turns).toBeUndefined();
    expect(run.result.arg_match_details).toEqual([
      expect.objectContaining({
        tool: 'lookup',
        passed: false,
        reason: "tool 'lookup' was not called (called: divide)",
      }),
    ]);
  });

  it('errors a turn whose backend reports a tool server lost, keeping its answer and calls', async () => {
    const lost = 'MCP server "ledger" exited with code 3';
    const { backend } = scriptedBackend(() => ({ ...answer('ok'), tool_invocations: [lookup], errors: [lost, lost] }));
    const run = await runTestCase(multiCase('c', [turn(0, 'q')]), [], 1000, deps(backend));
    expect(run.result.turns?.[0]).toMatchObject({ status: 'error', response: 'ok', errors: [lost] });
    expect(run.result.turns?.[0]?.tool_invocations).toEqual([lookup]);
    expect(run.result.status).toBe('error');
  });

  it('fails a turn with a tool error only under fail_on_tool_error', async () => {
    const { backend } = scriptedBackend(() => ({ ...answer('ok'), tool_invocations: [lookup, divide] }));
    const lenient = await runTestCase(multiCase('c', [turn(0, 'q')]), [], 1000, deps(backend));
    expect(lenient.result.status).toBe('passed');
    const strict = await runTestCase(
      multiCase('c', [turn(0, 'q')]),
      [],
      1000,
      deps(backend, { tool_policy: { fail_on_tool_error: true } }),
    );
    expect(strict.result.turns?.[0]).toMatchObject({ status: 'failed', tools_matched: false });
    expect(strict.result.turns?.[0]?.arg_match_details[0]?.reason).toBe(
      'call #1 divide(a=1, b=0) returned an error: division by zero (fail_on_tool_error)',
    );
  });
});
