/** The turn as configured, in wire form, for code graders (`GraderContext.turn`). */
import type { TurnConfig } from '../core/config-types.js';
import { expectedToolToReport } from '../matchers/index.js';

export function describeTurn(turn: TurnConfig): Readonly<Record<string, unknown>> {
  return {
    index: turn.index,
    input: turn.input,
    ground_truth: turn.ground_truth,
    expected_tools: turn.expected_tools ? turn.expected_tools.map(expectedToolToReport) : null,
    files: turn.files.map((file) => ({ path: file.path, type: file.type, description: file.description })),
    retrieval_context: turn.retrieval_context,
    turn_config: turn.turn_config,
  };
}
