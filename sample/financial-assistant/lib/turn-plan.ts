/**
 * Which steps of a turn's program a sensible agent actually computes in that turn.
 *
 * ConvFinQA programs are self-contained: turn k+1 usually repeats turn k's program and appends a step.
 * An agent holding the conversation already has the earlier results, so it computes only the steps whose
 * values the conversation has not produced yet, and only those the answer depends on (a program can carry
 * steps the answer never uses, left over from an earlier question).
 */
import type { StepValue } from './arithmetic.js';
import { executeSteps, type Program, type ProgramStep, referencedSteps, stepKeys } from './program.js';

export interface TurnPlan {
  readonly program: Program;
  /** The reference value of every step (empty for a bare-value program). */
  readonly values: readonly StepValue[];
  /** The canonical key of every step (see `stepKeys`). */
  readonly keys: readonly string[];
  /** Steps this turn computes, in program order. */
  readonly computed: readonly number[];
  /** Steps the answer needs whose values earlier turns computed, in program order. */
  readonly reused: readonly number[];
  readonly answer: StepValue;
}

export interface NeededSteps {
  readonly computed: readonly number[];
  readonly reused: readonly number[];
}

/**
 * Walks back from the last step through `#N` references. A reusable step is taken as it is (its own
 * dependencies are not needed); every other step reached must be computed.
 */
export function neededSteps(steps: readonly ProgramStep[], isReusable: (index: number) => boolean): NeededSteps {
  const computed = new Set<number>();
  const reused = new Set<number>();
  const pending = steps.length > 0 ? [steps.length - 1] : [];
  while (pending.length > 0) {
    const index = pending.pop() as number;
    if (computed.has(index) || reused.has(index)) continue;
    if (isReusable(index)) {
      reused.add(index);
      continue;
    }
    computed.add(index);
    const step = steps[index];
    if (step !== undefined) pending.push(...referencedSteps(step));
  }
  const ordered = (set: Set<number>): number[] => [...set].sort((x, y) => x - y);
  return { computed: ordered(computed), reused: ordered(reused) };
}

/** Plans one turn given the keys of the computations earlier turns made. */
export function planTurn(program: Program, known: ReadonlySet<string>): TurnPlan {
  if (program.kind === 'value') {
    return { program, values: [], keys: [], computed: [], reused: [], answer: program.value };
  }
  const values = executeSteps(program.steps);
  const keys = stepKeys(program.steps);
  const { computed, reused } = neededSteps(program.steps, (index) => known.has(keys[index] ?? ''));
  const answer = values[values.length - 1] as StepValue;
  return { program, values, keys, computed, reused, answer };
}

/** Plans every turn of a dialogue in order, carrying the computations forward. */
export function planDialogue(programs: readonly Program[]): TurnPlan[] {
  const known = new Set<string>();
  return programs.map((program) => {
    const plan = planTurn(program, known);
    rememberComputations(plan, known);
    return plan;
  });
}

/** Adds the keys of the steps a turn computed or reused to the conversation's known computations. */
export function rememberComputations(plan: TurnPlan, known: Set<string>): void {
  for (const index of [...plan.computed, ...plan.reused]) {
    const key = plan.keys[index];
    if (key !== undefined) known.add(key);
  }
}
