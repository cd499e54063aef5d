/**
 * Code grader: do the turn's arithmetic tool calls carry out the turn's reference program
 * (`turn_config.turn_program`)? See `lib/match-program-calls.ts` for the matching rules.
 *
 * `turn_config.reused_steps` (written by the converter) lists the steps whose values earlier turns of the
 * conversation computed; the agent may reuse them, including the last step when a question repeats an
 * earlier one. Lookups and other non-arithmetic calls, and calls that failed, are not part of the program.
 */
import type { GraderContext, GraderResult, ToolInvocation } from '../../../src/index.js';
import { isArithmeticOperation } from '../lib/arithmetic.js';
import { type ArithmeticCall, agrees, matchProgramCalls, renderCall } from '../lib/match-program-calls.js';
import { parseNumber } from '../lib/parse-number.js';
import { type Program, parseProgram } from '../lib/program.js';

/** The operation a tool name stands for: its last word, so `mcp__finance__divide` is `divide`. */
function operationOf(name: string): ArithmeticCall['operation'] | null {
  const word =
    name
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .pop()
      ?.toLowerCase() ?? '';
  return isArithmeticOperation(word) ? word : null;
}

export function arithmeticCalls(invocations: ReadonlyArray<ToolInvocation>): ArithmeticCall[] {
  const calls: ArithmeticCall[] = [];
  for (const invocation of invocations) {
    const operation = operationOf(invocation.name);
    if (operation !== null && invocation.error === null) {
      calls.push({ operation, args: invocation.args, result: invocation.result });
    }
  }
  return calls;
}

function failure(reason: string, details?: unknown): GraderResult {
  return { score: 0, passed: false, reason, details };
}

function readReusedSteps(value: unknown): ReadonlySet<number> | string {
  if (value === undefined || value === null) return new Set();
  if (!Array.isArray(value) || !value.every((item) => Number.isInteger(item) && (item as number) >= 0)) {
    return 'turn_config.reused_steps must be a list of step numbers';
  }
  return new Set(value as number[]);
}

function gradeBareValue(value: number, calls: readonly ArithmeticCall[]): GraderResult {
  const last = calls[calls.length - 1];
  if (last === undefined) return { score: 1, passed: true, reason: 'lookup turn: no arithmetic needed' };
  const result = parseNumber(last.result);
  if (result !== null && agrees(result, value, true)) {
    return { score: 1, passed: true, reason: `lookup turn: ${renderCall(last)} gives the value ${value}` };
  }
  return failure(`lookup turn: expected the value ${value} without arithmetic, got ${renderCall(last)}`, {
    calls: calls.map(renderCall),
  });
}

export function turnProgramEquivalence(context: GraderContext): GraderResult {
  const text = context.turn_config['turn_program'];
  if (typeof text !== 'string') return failure('turn_config.turn_program is missing; the grader needs the program');
  const reusable = readReusedSteps(context.turn_config['reused_steps']);
  if (typeof reusable === 'string') return failure(reusable);
  let program: Program;
  try {
    program = parseProgram(text);
  } catch (error) {
    return failure(`turn_config.turn_program ${JSON.stringify(text)}: ${(error as Error).message}`);
  }
  const calls = arithmeticCalls(context.tool_invocations);
  if (program.kind === 'value') return gradeBareValue(program.value, calls);
  try {
    const outcome = matchProgramCalls(program.steps, calls, reusable);
    return {
      score: outcome.score,
      passed: outcome.passed,
      reason: outcome.reason,
      details: { turn_program: text, steps: outcome.steps, extra_calls: outcome.extra_calls },
    };
  } catch (error) {
    return failure(`the reference program ${JSON.stringify(text)} cannot be evaluated: ${(error as Error).message}`);
  }
}
