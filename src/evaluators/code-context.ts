/**
 * The context handed to a code grader (PRODUCT.md §5), as plain data: it travels to the grader's worker thread
 * as a structured clone, which is frozen there at every level — so a grader can neither change the runner's data
 * nor see later changes, and its return value is its only channel back.
 */
import type { EvaluationInput } from '../core/evaluator.js';
import type { GraderContext } from '../core/grader.js';

export function buildGraderContext(input: EvaluationInput): GraderContext {
  return {
    turn_input: input.turn_input,
    agent_response: input.agent_response,
    ground_truth: input.ground_truth,
    tool_invocations: input.tool_invocations,
    retrieval_context: input.retrieval_context,
    turn_index: input.turn_index,
    test_case_name: input.test_case_name,
    turn_config: input.turn_config,
    turn: input.turn,
    earlier_turns: input.earlier_turns,
  };
}
