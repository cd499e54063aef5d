/** Test helpers for the runner: configs built in code and a scripted in-memory agent session. */
import type { AgentBackend, AgentSession, TurnRequest, TurnResponse } from '../../../src/core/backend.js';
import type { AgentConfig, MetricConfig, TestCaseConfig, TurnConfig } from '../../../src/core/config-types.js';
import type { Evaluator } from '../../../src/core/evaluator.js';
import { ZERO_USAGE } from '../../../src/core/token-usage.js';
import type { RunDeps } from '../../../src/runner/run-deps.js';

export function turn(index: number, input: string, extra: Partial<TurnConfig> = {}): TurnConfig {
  return {
    index,
    input,
    ground_truth: null,
    expected_tools: null,
    expected_tools_order: 'any',
    files: [],
    retrieval_context: null,
    evaluations: null,
    turn_config: {},
    ...extra,
  };
}

export function multiCase(name: string, turns: TurnConfig[], index = 0): TestCaseConfig {
  return { name, index, kind: 'multi', evaluations: null, turns };
}

export type Reply = (request: TurnRequest, history: readonly string[]) => Promise<TurnResponse> | TurnResponse;

export function answer(text: string, usage = 10): TurnResponse {
  return {
    response: text,
    tool_invocations: [],
    token_usage: { ...ZERO_USAGE, prompt_tokens: usage, completion_tokens: 1, total_tokens: usage + 1 },
    retries: 0,
  };
}

/** A backend whose sessions answer by a script; it records what each session saw and whether it was closed. */
export function scriptedBackend(reply: Reply) {
  const sessions: { name: string; inputs: string[]; closed: boolean }[] = [];
  let open = 0;
  let maxOpen = 0;
  const backend: AgentBackend = {
    name: 'scripted',
    async openSession({ test_case_name }) {
      const record = { name: test_case_name, inputs: [] as string[], closed: false };
      sessions.push(record);
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      const session: AgentSession = {
        async send(request) {
          record.inputs.push(request.input);
          return reply(request, [...record.inputs]);
        },
        async close() {
          record.closed = true;
          open -= 1;
        },
      };
      return session;
    },
    async close() {},
  };
  return { backend, sessions, maxOpen: () => maxOpen };
}

/** An evaluator comparing the response with the ground truth exactly (score 1/0). */
export function exactEvaluator(): Evaluator {
  return {
    name: 'exact',
    requires_ground_truth: true,
    requires_retrieval_context: false,
    default_threshold: null,
    async evaluate(input) {
      return { score: input.agent_response === input.ground_truth ? 1 : 0 };
    },
  };
}

export const EXACT_METRIC: MetricConfig = {
  type: 'standard',
  metric: 'equality',
  name: 'equality',
  enabled: true,
  threshold: null,
  case_insensitive: false,
  strip_whitespace: false,
  strip_punctuation: false,
};

/** The agent of a runSuite test: one exact-match metric, no judge. */
export const SUITE_CONFIG = {
  name: 'agent',
  config_path: '/tmp/agent.yaml',
  evaluations: { model: null, metrics: [EXACT_METRIC] },
} as unknown as AgentConfig;

/** runSuite options with one case at a time. */
export const SUITE_OPTIONS = { run_id: 'r', holodeck_version: '0.0.0', parallel_test_cases: 1, turn_timeout_ms: 1000 };

export function deps(backend: AgentBackend, overrides: Partial<RunDeps> = {}): RunDeps {
  return {
    backend,
    createEvaluator: () => exactEvaluator(),
    loadFiles: async () => [],
    reporter: {},
    now: Date.now,
    signal: new AbortController().signal,
    ...overrides,
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
