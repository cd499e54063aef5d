/**
 * Matches a turn's arithmetic tool calls against the steps of its reference program, in order.
 *
 * A step is satisfied by the next call when the operation and both operands agree (`#N` stands for the
 * result of the call that satisfied step N; `add` and `multiply` accept their operands either way round).
 * Steps need not all be called:
 *  - steps the answer does not depend on, and steps that earlier turns computed (`reusable`), are optional;
 *  - any other step but the last may be skipped when a later call that matched used its value, i.e. the
 *    agent already had that number (from an earlier answer or its own arithmetic).
 * Every other difference is a divergence; the first one is the reason.
 */
import { type ArithmeticOperation, isCommutative, type StepValue } from './arithmetic.js';
import { parseNumber } from './parse-number.js';
import { executeSteps, type Operand, type ProgramStep } from './program.js';
import { neededSteps } from './turn-plan.js';

export interface ArithmeticCall {
  readonly operation: ArithmeticOperation;
  readonly args: Readonly<Record<string, unknown>>;
  readonly result: unknown;
}

export type StepStatus = 'called' | 'reused' | 'carried' | 'unused' | 'missing' | 'mismatch';

export interface StepOutcome {
  readonly step: number;
  readonly expected: string;
  readonly status: StepStatus;
  /** The position of the satisfying call among the arithmetic calls, or null. */
  readonly call: number | null;
}

export interface MatchOutcome {
  readonly passed: boolean;
  readonly score: number;
  readonly reason: string;
  readonly steps: readonly StepOutcome[];
  readonly extra_calls: readonly string[];
}

/** Literals are copied from the document: they must agree to floating-point precision. */
const LITERAL_RELATIVE_TOLERANCE = 1e-9;
/**
 * A carried-over result may have been rounded by the agent: it matches to 5 decimals (the data's own
 * precision) or 4 significant digits.
 */
const CARRIED_ABSOLUTE_TOLERANCE = 5e-6;
const CARRIED_RELATIVE_TOLERANCE = 5e-4;

export function agrees(actual: number, expected: number, carried: boolean): boolean {
  const difference = Math.abs(actual - expected);
  if (!carried) return difference <= LITERAL_RELATIVE_TOLERANCE * Math.max(1, Math.abs(expected));
  return difference <= CARRIED_ABSOLUTE_TOLERANCE || difference <= CARRIED_RELATIVE_TOLERANCE * Math.abs(expected);
}

function formatNumber(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(10))) : String(value);
}

function renderArgument(value: unknown): string {
  if (value === undefined) return '?';
  return typeof value === 'number' ? formatNumber(value) : JSON.stringify(value);
}

export function renderCall(call: ArithmeticCall): string {
  return `${call.operation}(${renderArgument(call.args['a'])}, ${renderArgument(call.args['b'])})`;
}

function callValue(call: ArithmeticCall): StepValue {
  if (call.result === 'yes' || call.result === 'no') return call.result;
  return parseNumber(call.result) ?? Number.NaN;
}

interface MatchState {
  readonly steps: readonly ProgramStep[];
  /** The value of each step as the agent has it: the satisfying call's result, else the reference value. */
  readonly values: StepValue[];
}

function expectedOperand(operand: Operand, state: MatchState): { value: number; carried: boolean } {
  if (operand.kind !== 'reference') return { value: operand.value, carried: false };
  const value = state.values[operand.step];
  return { value: typeof value === 'number' ? value : Number.NaN, carried: true };
}

function expectedText(step: ProgramStep, state: MatchState): string {
  const [a, b] = step.operands.map((operand) => formatNumber(expectedOperand(operand, state).value));
  return `${step.operation}(${a}, ${b})`;
}

function satisfies(call: ArithmeticCall, step: ProgramStep, state: MatchState): boolean {
  if (call.operation !== step.operation) return false;
  const [first, second] = step.operands.map((operand) => expectedOperand(operand, state));
  if (first === undefined || second === undefined) return false;
  const a = parseNumber(call.args['a']);
  const b = parseNumber(call.args['b']);
  if (a === null || b === null) return false;
  const inOrder = agrees(a, first.value, first.carried) && agrees(b, second.value, second.carried);
  const swapped = agrees(a, second.value, second.carried) && agrees(b, first.value, first.carried);
  return inOrder || (isCommutative(step.operation) && swapped);
}

interface Divergence {
  readonly step: number;
  readonly got: string;
}

export function matchProgramCalls(
  steps: readonly ProgramStep[],
  calls: readonly ArithmeticCall[],
  reusable: ReadonlySet<number>,
): MatchOutcome {
  const state: MatchState = { steps, values: executeSteps(steps) };
  const { computed, reused } = neededSteps(steps, (index) => reusable.has(index));
  const outcomes: StepOutcome[] = [];
  const divergences = new Map<number, Divergence>();
  let next = 0;
  for (const step of steps) {
    const expected = expectedText(step, state);
    const call = calls[next];
    if (call !== undefined && satisfies(call, step, state)) {
      state.values[step.index] = callValue(call);
      outcomes.push({ step: step.index, expected, status: 'called', call: next });
      next += 1;
      continue;
    }
    const got = call === undefined ? 'no call' : renderCall(call);
    if (!computed.includes(step.index)) {
      outcomes.push({
        step: step.index,
        expected,
        status: reused.includes(step.index) ? 'reused' : 'unused',
        call: null,
      });
      continue;
    }
    outcomes.push({ step: step.index, expected, status: 'carried', call: null });
    divergences.set(step.index, { step: step.index, got });
  }
  confirmCarriedSteps(steps, outcomes, divergences);
  return summarise(outcomes, divergences, calls.slice(next).map(renderCall), computed.length);
}

/**
 * A skipped required step is fine when a later step that depends on it was called (or was itself a
 * confirmed carry): the agent passed that step's value along. The last step can never be carried.
 */
function confirmCarriedSteps(
  steps: readonly ProgramStep[],
  outcomes: StepOutcome[],
  divergences: Map<number, Divergence>,
): void {
  const confirmed = new Set<number>();
  for (let index = steps.length - 2; index >= 0; index -= 1) {
    if (outcomes[index]?.status !== 'carried') continue;
    const usedLater = steps.some(
      (later) =>
        later.index > index &&
        later.operands.some((operand) => operand.kind === 'reference' && operand.step === index) &&
        (outcomes[later.index]?.status === 'called' || confirmed.has(later.index)),
    );
    if (usedLater) {
      confirmed.add(index);
      divergences.delete(index);
    }
  }
  for (const index of divergences.keys()) {
    const outcome = outcomes[index] as StepOutcome;
    const got = divergences.get(index)?.got;
    outcomes[index] = { ...outcome, status: got === 'no call' ? 'missing' : 'mismatch' };
  }
}

function summarise(
  outcomes: readonly StepOutcome[],
  divergences: ReadonlyMap<number, Divergence>,
  extraCalls: readonly string[],
  requiredCount: number,
): MatchOutcome {
  const first = [...divergences.values()].sort((x, y) => x.step - y.step)[0];
  const passed = first === undefined && extraCalls.length === 0;
  const satisfied = requiredCount - divergences.size;
  const score = passed ? 1 : Math.max(0, satisfied) / Math.max(1, requiredCount + extraCalls.length);
  let reason: string;
  if (first !== undefined) {
    const expected = outcomes[first.step]?.expected ?? '?';
    reason = `step ${first.step}: expected ${expected}, got ${first.got}`;
  } else if (extraCalls.length > 0) {
    reason = `unexpected call ${extraCalls[0]} after the program's last step`;
  } else {
    reason = describeMatch(outcomes);
  }
  return { passed, score, reason, steps: outcomes, extra_calls: extraCalls };
}

const STATUS_WORDS: Readonly<Record<StepStatus, string>> = {
  called: 'called',
  reused: 'reused from an earlier turn',
  carried: 'carried over',
  unused: 'not needed',
  missing: 'missing',
  mismatch: 'mismatched',
};

function describeMatch(outcomes: readonly StepOutcome[]): string {
  const parts = outcomes
    .filter((outcome) => outcome.status !== 'unused')
    .map((outcome) => `${outcome.expected} ${STATUS_WORDS[outcome.status]}`);
  return `matches the program: ${parts.join('; ')}`;
}
