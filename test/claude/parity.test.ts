/**
 * SC-010: the same four-turn ConvFinQA test case, run through the real runner, evaluators and matchers
 * on `ai_sdk` (Anthropic provider) and on `claude_agent_sdk`, both against the fake Anthropic server
 * scripted identically, gives the same per-turn pass/fail, the same tool invocations and the same token
 * usage — also when one turn must fail, and when a model that never stops calling tools meets the step limit.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../src/backends/create-backend.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { BackendName } from '../../src/core/config-types.js';
import type { TestResult, TurnResult } from '../../src/core/results.js';
import { loadEvaluators } from '../../src/evaluators/load-evaluators.js';
import { loadTurnFiles } from '../../src/files/load-turn-files.js';
import { runTestCase } from '../../src/runner/run-test-case.js';
import { type ConvFinQaScriptOptions, createConvFinQaScript, JKHY_2009 } from '../fakes/convfinqa-script.js';
import { lastUserText, offeredTool } from '../fakes/fake-request-view.js';
import { callTools, type FakeRequest, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';

const AGENT_YAML = fileURLToPath(new URL('./fixtures/convfinqa-parity/agent.yaml', import.meta.url));
const KEY = 'sk-ant-parity';
const USAGE = { prompt_tokens: 120, completion_tokens: 12, cache_read_tokens: 50, cache_creation_tokens: 6 };

/**
 * The ConvFinQA script with fixed usage per reply, so both backends' token counts can be compared
 * exactly; the question `slow` (1-based) is answered only after the turn's timeout.
 */
function script(options: ConvFinQaScriptOptions, slow: number | null): FakeScript {
  const convfinqa = createConvFinQaScript(options);
  const slowQuestion = slow === null ? null : JKHY_2009.turns[slow - 1]?.input;
  return async (request) => {
    const reply = await convfinqa(request);
    if (reply.kind !== 'answer') return reply;
    const delay = slowQuestion !== undefined && slowQuestion !== null && lastUserText(request).endsWith(slowQuestion);
    return { ...reply, usage: USAGE, ...(delay ? { delay_ms: 60_000 } : {}) };
  };
}

async function runOn(
  backend: BackendName & ('ai_sdk' | 'claude_agent_sdk'),
  server: FakeModelServer,
  turnTimeoutMs: number,
  maxSteps?: number,
): Promise<TestResult> {
  const loaded = await loadConfig(AGENT_YAML, { env: { FAKE_ANTHROPIC_URL: server.url, FAKE_ANTHROPIC_KEY: KEY } });
  if (!loaded.ok) throw new Error(loaded.issues.map((issue) => issue.message).join('\n'));
  const config = {
    ...loaded.value,
    ...(maxSteps === undefined ? {} : { execution: { ...loaded.value.execution, max_steps: maxSteps } }),
    backend:
      backend === 'ai_sdk' ? { type: 'ai_sdk' as const } : { type: 'claude_agent_sdk' as const, builtin_tools: [] },
  };
  const agent = await createBackend(config, { env: { PATH: process.env['PATH'] } });
  try {
    const testCase = config.test_cases[0];
    if (testCase === undefined) throw new Error('the parity suite has no test case');
    const createEvaluator = await loadEvaluators(config.evaluations.metrics);
    const run = await runTestCase(testCase, config.evaluations.metrics, turnTimeoutMs, {
      backend: agent,
      createEvaluator: (metric) => createEvaluator(metric, { judge: null }),
      loadFiles: loadTurnFiles,
      reporter: {},
      now: Date.now,
      signal: new AbortController().signal,
    });
    return run.result;
  } finally {
    await agent.close();
  }
}

/** The questions of the conversation a model call saw (Claude Code prefixes reminders to a user message). */
function questionsIn(request: FakeRequest | undefined): readonly string[] {
  const known = JKHY_2009.turns.map((t) => t.input);
  return (request?.messages ?? [])
    .filter((m) => m.role === 'user')
    .map((m) => known.find((question) => m.text.endsWith(question)) ?? m.text);
}

/** What must be the same on both backends (timings are not). */
function observable(turn: TurnResult) {
  return {
    passed: turn.passed,
    skipped: turn.skipped,
    response: turn.response,
    tool_invocations: turn.tool_invocations.map(({ duration_ms, ...call }) => call),
    tools_matched: turn.tools_matched,
    arg_match_details: turn.arg_match_details,
    metric_results: turn.metric_results.map((m) => [m.metric_name, m.score, m.passed, m.reasoning]),
    token_usage: turn.token_usage,
    // What the request was doing when a turn timed out is told by ai_sdk's own HTTP client only.
    errors: turn.errors.map((error) => error.replace(/ — the (model request|response) to .*$/, '')),
  };
}

interface Variant {
  readonly label: string;
  readonly options: ConvFinQaScriptOptions;
  /** The 1-based turn whose answer comes too late. */
  readonly slow?: number;
  readonly passed: readonly boolean[];
  /** Per turn: [tool assertions held, numeric passed, code grader passed] (null, undefined: not evaluated). */
  readonly checks: readonly (readonly [boolean | null, boolean | undefined, boolean | undefined])[];
}

const RIGHT = [true, true, true] as const;
const VARIANTS: readonly Variant[] = [
  {
    label: 'every turn answered right',
    options: {},
    passed: [true, true, true, true],
    checks: [RIGHT, RIGHT, RIGHT, RIGHT],
  },
  {
    label: 'turn 3 subtracts the wrong number',
    options: { wrong_args_turn: 3 },
    passed: [true, true, false, true],
    checks: [RIGHT, RIGHT, [false, false, false], RIGHT],
  },
  {
    label: 'turn 2 answers the wrong number',
    options: { wrong_answer_turn: 2 },
    passed: [true, false, true, true],
    checks: [RIGHT, [true, false, false], RIGHT, RIGHT],
  },
  {
    // The next turns go on in the same session, and their history leaves the timed-out turn out.
    label: 'turn 2 times out',
    options: {},
    slow: 2,
    passed: [true, false, true, true],
    checks: [RIGHT, [null, undefined, undefined], RIGHT, RIGHT],
  },
];

/** Long enough for Claude Code's start on a busy machine; the slow answer takes far longer. */
const SLOW_TURN_TIMEOUT_MS = 8_000;

function checksOf(result: TestResult) {
  return (result.turns ?? []).map((turn) => {
    const metric = (name: string) => turn.metric_results.find((m) => m.metric_name === name)?.passed;
    return [turn.tools_matched, metric('numeric'), metric('program_calls')];
  });
}

describe('parity of ai_sdk and claude_agent_sdk on a four-turn ConvFinQA case', () => {
  it.each(VARIANTS)('$label', { timeout: 90_000 }, async ({ options, slow, passed, checks }) => {
    const server = await startFakeModelServer(script(options, slow ?? null), { require_api_key: KEY });
    const timeout = slow === undefined ? 30_000 : SLOW_TURN_TIMEOUT_MS;
    try {
      const ai = await runOn('ai_sdk', server, timeout);
      const aiCalls = server.requests.length;
      const aiHistory = questionsIn(server.requests.at(-1));
      const answered = (calls: number) => calls - (slow === undefined ? 0 : 1);
      server.reset();
      const claude = await runOn('claude_agent_sdk', server, timeout);

      expect(ai.turns?.map((t) => t.passed)).toEqual(passed);
      expect(claude.turns?.map((t) => t.passed)).toEqual(passed);
      expect(checksOf(ai)).toEqual(checks);
      expect(checksOf(claude)).toEqual(checks);
      expect(claude.passed).toBe(ai.passed);
      expect(claude.turns?.map(observable)).toEqual(ai.turns?.map(observable));
      expect(server.requests).toHaveLength(aiCalls);
      // The last model call saw the same conversation: every question but one that timed out.
      const questions = JKHY_2009.turns.map((t) => t.input).filter((_, i) => i + 1 !== slow);
      expect(aiHistory).toEqual(questions);
      expect(questionsIn(server.requests.at(-1))).toEqual(questions);
      // Usage means the same on both: all input (cached or not) as prompt tokens, summed over the turn's
      // calls; a turn that timed out reports none.
      expect(claude.token_usage).toEqual(ai.token_usage);
      expect(claude.token_usage).toEqual({
        prompt_tokens: 120 * answered(aiCalls),
        completion_tokens: 12 * answered(aiCalls),
        total_tokens: 132 * answered(aiCalls),
        cache_read_tokens: 50 * answered(aiCalls),
        cache_creation_tokens: 6 * answered(aiCalls),
      });
      for (const result of [ai, claude]) {
        for (const call of result.tool_invocations) expect(call.duration_ms).toBeGreaterThanOrEqual(0);
      }
    } finally {
      await server.close();
    }
  });

  it('stops both at the step limit the same way: a turn still calling tools fails naming the limit', {
    timeout: 90_000,
  }, async () => {
    // Fixed usage per reply, and the tool under the name each backend offers it by.
    const always: FakeScript = (request) => ({
      ...callTools({
        name: offeredTool(request, 'lookup') ?? 'lookup',
        args: { row: 'net cash from operating activities', column: '2009' },
      }),
      usage: USAGE,
    });
    const server = await startFakeModelServer(always, { require_api_key: KEY });
    try {
      const ai = await runOn('ai_sdk', server, 30_000, 2);
      const aiCalls = server.requests.length;
      server.reset();
      const claude = await runOn('claude_agent_sdk', server, 30_000, 2);
      const first = (result: TestResult) => result.turns?.[0];
      for (const result of [ai, claude]) {
        expect(first(result)?.status).toBe('failed');
        expect(first(result)?.tool_calls).toEqual(['lookup', 'lookup']);
        expect(first(result)?.arg_match_details.at(-1)).toMatchObject({
          tool: 'lookup',
          passed: false,
          reason:
            'the turn reached its limit of 2 model calls (execution.max_steps) with the agent still calling tools: it gave no final answer',
        });
      }
      expect(aiCalls).toBe(4 * 2);
      expect(server.requests).toHaveLength(aiCalls);
      expect(claude.turns?.map(observable)).toEqual(ai.turns?.map(observable));
    } finally {
      await server.close();
    }
  });
});
