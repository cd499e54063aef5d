/** The public contract for code graders (`type: code`). */
import type { ToolInvocation } from './tool-invocation.js';

/**
 * An earlier turn of the conversation that the agent answered: what was said to it, its answer, and the tool
 * calls it made on the way (as the turn's own `tool_invocations`, bounded as the report keeps them).
 */
export interface EarlierTurn {
  readonly input: string;
  readonly response: string;
  readonly tool_invocations: ReadonlyArray<ToolInvocation>;
}

export interface GraderContext {
  readonly turn_input: string;
  readonly agent_response: string;
  readonly ground_truth: string | null;
  readonly tool_invocations: ReadonlyArray<ToolInvocation>;
  readonly retrieval_context: readonly string[] | null;
  readonly turn_index: number;
  readonly test_case_name: string;
  /** The turn's free-form `turn_config` ({} when absent). */
  readonly turn_config: Readonly<Record<string, unknown>>;
  /** The whole turn as configured (input, ground_truth, expected_tools, files, retrieval_context, turn_config). */
  readonly turn: Readonly<Record<string, unknown>>;
  /**
   * The conversation so far: the case's earlier turns the agent answered, in order (empty on a first turn). A
   * turn that errored or timed out is not in it, as it is not in the agent's history.
   */
  readonly earlier_turns: readonly EarlierTurn[];
}

export interface GraderResult {
  readonly score: number;
  readonly passed?: boolean;
  readonly reason?: string;
  readonly details?: unknown;
}

export type GraderReturn = boolean | number | GraderResult;

export type GraderFunction = (context: GraderContext) => GraderReturn | Promise<GraderReturn>;
