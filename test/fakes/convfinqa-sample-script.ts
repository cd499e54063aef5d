/**
 * A stateless model for the financial-assistant sample's converted test cases: it answers each turn by
 * running the turn's reference program through the sample's arithmetic tools, computing only the steps the
 * conversation has not computed yet (as the converter's expected_tools assume), and passes every operand
 * as text in dollars, as the tools' description offers: `"$ 1,234.5"`, `"-$ 0.134"`.
 */
import { formatValue, type StepValue } from '../../sample/financial-assistant/lib/arithmetic.js';
import { type Operand, parseProgram } from '../../sample/financial-assistant/lib/program.js';
import { planTurn, rememberComputations, type TurnPlan } from '../../sample/financial-assistant/lib/turn-plan.js';
import { toolResultsSinceLastUser, userTurn } from './fake-request-view.js';
import type { FakeReply, FakeRequest, FakeScript } from './fake-script.js';

/** The parts of a converted test case the script reads. */
export interface SampleCase {
  readonly name: string;
  readonly turns: readonly {
    readonly turn_config: Readonly<Record<string, unknown>>;
    readonly expected_tools?: readonly unknown[];
  }[];
}

/** `1234.5` → `"$ 1,234.5"`, `-0.134` → `"-$ 0.134"`. */
export function dollars(value: number): string {
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = /e/i.test(whole) ? whole : whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}$ ${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

function firstUserText(request: FakeRequest): string {
  const first = request.messages.find((message) => message.role === 'user');
  return first?.role === 'user' ? first.text : '';
}

/** The plan of the current turn, with the values of the computations earlier turns made. */
function planOf(testCase: SampleCase, turn: number): { plan: TurnPlan; earlier: Map<string, StepValue> } {
  const known = new Set<string>();
  const earlier = new Map<string, StepValue>();
  let plan: TurnPlan | null = null;
  for (const [index, { turn_config }] of testCase.turns.slice(0, turn + 1).entries()) {
    plan = planTurn(parseProgram(String(turn_config['turn_program'])), known);
    if (index === turn) break;
    rememberComputations(plan, known);
    for (const step of [...plan.computed, ...plan.reused]) {
      earlier.set(plan.keys[step] ?? '', plan.values[step] as StepValue);
    }
  }
  if (plan === null) throw new Error(`${testCase.name} has no turn ${turn + 1}`);
  return { plan, earlier };
}

/** An operand as the model passes it: an earlier turn's result as it was answered (5 decimals), else exact. */
function operandValue(operand: Operand, plan: TurnPlan, earlier: ReadonlyMap<string, StepValue>): number {
  if (operand.kind !== 'reference') return operand.value;
  const key = plan.keys[operand.step] ?? '';
  const value = plan.reused.includes(operand.step) ? earlier.get(key) : plan.values[operand.step];
  if (typeof value !== 'number') throw new Error(`step ${operand.step} of "${plan.program.text}" is not a number`);
  return plan.reused.includes(operand.step) ? Number(value.toFixed(5)) : value;
}

export function createSampleScript(cases: readonly SampleCase[]): FakeScript {
  return (request: FakeRequest): FakeReply => {
    const first = firstUserText(request);
    const testCase = cases.find((candidate) => first.includes(`Document id: ${candidate.name}\n`));
    if (testCase === undefined) return { kind: 'answer', text: 'I do not know this document.' };
    const { plan, earlier } = planOf(testCase, userTurn(request) - 1);
    const done = toolResultsSinceLastUser(request).length;
    const index = plan.program.kind === 'steps' ? plan.computed[done] : undefined;
    const step = index === undefined || plan.program.kind !== 'steps' ? undefined : plan.program.steps[index];
    if (step === undefined) return { kind: 'answer', text: formatValue(plan.answer) };
    const [a, b] = step.operands.map((operand) => dollars(operandValue(operand, plan, earlier)));
    return { kind: 'answer', tool_calls: [{ name: step.operation, args: { a, b } }] };
  };
}
