/** What an evaluator is given for one turn, in the tests of the evaluators: a bare turn with this answer. */
import type { EvaluationInput } from '../../../src/core/evaluator.js';

export function evaluationInput(
  agent_response: string,
  ground_truth: string | null = null,
  retrieval_context: readonly string[] | null = null,
): EvaluationInput {
  return {
    test_case_name: 't',
    turn_index: 0,
    turn_input: 'q',
    agent_response,
    ground_truth,
    retrieval_context,
    tool_invocations: [],
    turn_config: {},
    turn: {},
    earlier_turns: [],
    signal: new AbortController().signal,
  };
}
