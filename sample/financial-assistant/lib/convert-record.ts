/**
 * One checked ConvFinQA record → one multi-turn test case (the `test_cases_file` shape of agent.yaml).
 */
import { formatValue } from './arithmetic.js';
import type { CheckedRecord } from './convfinqa-record.js';
import { operandValue, type ProgramStep } from './program.js';
import { renderFirstTurnInput } from './render-document.js';
import type { TurnPlan } from './turn-plan.js';

export interface FuzzyMatcher {
  readonly fuzzy: string;
}

export interface ExpectedToolEntry {
  readonly name: string;
  /** `a` and `b`, each unless it is a fraction an earlier turn computed (see expectedToolsFor). */
  readonly args: { readonly a?: FuzzyMatcher; readonly b?: FuzzyMatcher };
  readonly count?: number;
}

export type MetricEntry = Readonly<Record<string, string | number | boolean>>;

export interface TurnEntry {
  readonly input: string;
  readonly ground_truth: string;
  readonly expected_tools?: readonly ExpectedToolEntry[];
  readonly evaluations?: readonly MetricEntry[];
  readonly turn_config: Readonly<Record<string, unknown>>;
}

export interface TestCaseEntry {
  readonly name: string;
  readonly turns: readonly TurnEntry[];
}

export interface ConvertOptions {
  /** The grader reference repeated in the per-turn metric list of yes/no turns (relative to agent.yaml). */
  readonly grader: string;
}

export const DEFAULT_GRADER = 'graders/turn_program_equivalence.ts:turnProgramEquivalence';

export function convertRecord(checked: CheckedRecord, options: ConvertOptions): TestCaseEntry {
  const { record, plans } = checked;
  const turns = plans.map((plan, index): TurnEntry => {
    const question = record.questions[index] ?? '';
    const input = index === 0 ? renderFirstTurnInput(record, question) : question;
    const expectedTools = expectedToolsFor(plan);
    const turnConfig: Record<string, unknown> = { turn_program: plan.program.text };
    if (plan.reused.length > 0) turnConfig['reused_steps'] = plan.reused;
    if (index === 0) Object.assign(turnConfig, { document_id: record.id, table: record.table });
    return {
      input,
      ground_truth: formatValue(record.executed_answers[index] ?? plan.answer),
      ...(expectedTools.length > 0 ? { expected_tools: expectedTools } : {}),
      ...(typeof plan.answer === 'string' ? { evaluations: yesNoMetrics(options.grader) } : {}),
      turn_config: turnConfig,
    };
  });
  return { name: record.id, turns };
}

/**
 * One assertion per step the turn computes, with each operand matched by value: a literal as written
 * (`41.30` → "41.3"), a constant by its value, a percent literal as the fraction, `#N` as step N's value.
 * An operand that an earlier turn computed with more than 5 decimals is left to the grader: the agent passes its
 * earlier answer on, rounded as it gave it (6955.22388 for 6955.2238805…), which the grader accepts to 5
 * decimals or 4 significant digits and an exact match would not; 35.8 or 25587 stays asserted. Identical steps collapse into one assertion with a count.
 */
export function expectedToolsFor(plan: TurnPlan): ExpectedToolEntry[] {
  if (plan.program.kind !== 'steps') return [];
  const steps = plan.program.steps;
  const entries: Array<{ key: string; entry: ExpectedToolEntry }> = [];
  for (const index of plan.computed) {
    const step = steps[index] as ProgramStep;
    const args: { a?: FuzzyMatcher; b?: FuzzyMatcher } = {};
    for (const [position, operand] of step.operands.entries()) {
      const value = operandValue(operand, plan.values, index);
      const earlier = operand.kind === 'reference' && !plan.computed.includes(operand.step);
      if (earlier && roundedWhenAnswered(value)) continue;
      args[position === 0 ? 'a' : 'b'] = { fuzzy: String(value) };
    }
    const entry: ExpectedToolEntry = { name: step.operation, args };
    const key = JSON.stringify(entry);
    const existing = entries.find((candidate) => candidate.key === key);
    if (existing === undefined) entries.push({ key, entry });
    else existing.entry = { ...entry, count: (existing.entry.count ?? 1) + 1 };
  }
  return entries.map(({ entry }) => entry);
}

/** A value with more than 5 decimals, which an answer gives rounded (35.8 is given as it is; 6955.2238805… is not). */
function roundedWhenAnswered(value: number): boolean {
  return Math.abs(value - Number(value.toFixed(5))) > 1e-12 * Math.max(1, Math.abs(value));
}

/** A yes/no answer is compared as text; the grader is repeated because a turn's list replaces the agent's. */
function yesNoMetrics(grader: string): MetricEntry[] {
  return [
    { type: 'standard', metric: 'equality', case_insensitive: true, strip_whitespace: true, strip_punctuation: true },
    { type: 'code', name: 'turn_program_equivalence', grader },
  ];
}
