/**
 * The FinQA program language of ConvFinQA's `turn_program`: either a bare value (`"60.94"`, a lookup turn)
 * or comma-separated steps `op(arg1, arg2)`, where an argument is a number, a percent literal (`13.4%` = 0.134),
 * a constant (`const_100` = 100, `const_m1` = -1) or `#N`, the result of step N of the same program.
 */
import { type ArithmeticOperation, applyOperation, isArithmeticOperation, type StepValue } from './arithmetic.js';

export type Operand =
  | { readonly kind: 'number'; readonly value: number; readonly text: string }
  | { readonly kind: 'percent'; readonly value: number; readonly text: string }
  | { readonly kind: 'constant'; readonly value: number; readonly text: string }
  | { readonly kind: 'reference'; readonly step: number; readonly text: string };

export interface ProgramStep {
  readonly index: number;
  readonly operation: ArithmeticOperation;
  readonly operands: readonly [Operand, Operand];
  readonly text: string;
}

export type Program =
  | { readonly kind: 'value'; readonly value: number; readonly text: string }
  | { readonly kind: 'steps'; readonly steps: readonly ProgramStep[]; readonly text: string };

/** A program that cannot be parsed or evaluated; the message says where. */
export class ProgramError extends Error {
  readonly code = 'PROGRAM_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'ProgramError';
  }
}

const STEP = /\s*([A-Za-z_]+)\s*\(([^()]*)\)\s*(?:,|$)/y;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const PERCENT = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))%$/;
const CONSTANT = /^const_(m?)(\d+(?:\.\d+)?)$/;
const REFERENCE = /^#(\d+)$/;

export function parseProgram(text: string): Program {
  const trimmed = text.trim();
  if (trimmed === '') throw new ProgramError('the program is empty');
  if (!trimmed.includes('(')) {
    if (REFERENCE.test(trimmed)) throw new ProgramError(`a bare reference "${trimmed}" has no value`);
    const operand = parseOperand(trimmed, 0);
    if (operand.kind === 'reference') throw new ProgramError(`a bare reference "${trimmed}" has no value`);
    return { kind: 'value', value: operand.value, text: trimmed };
  }
  if (trimmed.endsWith(',')) throw new ProgramError('the program ends with a comma: a step is missing');
  return { kind: 'steps', steps: parseSteps(trimmed), text: trimmed };
}

function parseSteps(text: string): ProgramStep[] {
  const steps: ProgramStep[] = [];
  STEP.lastIndex = 0;
  while (STEP.lastIndex < text.length) {
    const start = STEP.lastIndex;
    const match = STEP.exec(text);
    if (match === null) {
      throw new ProgramError(`step ${steps.length}: cannot parse "${text.slice(start).trim()}"; expected op(a, b)`);
    }
    const [whole, name = '', argumentText = ''] = match;
    steps.push(parseStep(steps.length, name, argumentText, whole.replace(/,\s*$/, '').trim()));
  }
  return steps;
}

function parseStep(index: number, name: string, argumentText: string, text: string): ProgramStep {
  if (!isArithmeticOperation(name)) {
    throw new ProgramError(
      `step ${index}: unknown operation "${name}" (known: add, subtract, multiply, divide, exp, greater)`,
    );
  }
  const parts = argumentText.split(',').map((part) => part.trim());
  if (parts.length !== 2) {
    throw new ProgramError(`step ${index}: ${name} takes 2 arguments, got ${parts.length}`);
  }
  const [first = '', second = ''] = parts;
  return { index, operation: name, operands: [parseOperand(first, index), parseOperand(second, index)], text };
}

function parseOperand(text: string, stepIndex: number): Operand {
  if (NUMBER.test(text)) return { kind: 'number', value: Number(text), text };
  const percent = PERCENT.exec(text);
  if (percent !== null) return { kind: 'percent', value: Number(`${percent[1]}e-2`), text };
  const constant = CONSTANT.exec(text);
  if (constant !== null) {
    const magnitude = Number(constant[2]);
    return { kind: 'constant', value: constant[1] === 'm' ? -magnitude : magnitude, text };
  }
  const reference = REFERENCE.exec(text);
  if (reference !== null) {
    const step = Number(reference[1]);
    if (step >= stepIndex) {
      throw new ProgramError(`step ${stepIndex}: "${text}" does not refer to an earlier step`);
    }
    return { kind: 'reference', step, text };
  }
  throw new ProgramError(`step ${stepIndex}: cannot read the argument "${text}"`);
}

/** The numeric value of an operand, given the values of the program's steps. */
export function operandValue(operand: Operand, values: readonly StepValue[], stepIndex: number): number {
  if (operand.kind !== 'reference') return operand.value;
  const value = values[operand.step];
  if (typeof value !== 'number') {
    throw new ProgramError(`step ${stepIndex}: "${operand.text}" is a yes/no result, not a number`);
  }
  return value;
}

/** Evaluates every step, in order; the last value is the program's answer. */
export function executeSteps(steps: readonly ProgramStep[]): StepValue[] {
  const values: StepValue[] = [];
  for (const step of steps) {
    const [a, b] = step.operands.map((operand) => operandValue(operand, values, step.index));
    values.push(applyOperation(step.operation, a ?? Number.NaN, b ?? Number.NaN));
  }
  return values;
}

/** The program's answer: the bare value, or the last step's value. */
export function executeProgram(program: Program): StepValue {
  if (program.kind === 'value') return program.value;
  const values = executeSteps(program.steps);
  const answer = values[values.length - 1];
  if (answer === undefined) throw new ProgramError('the program has no steps');
  return answer;
}

/**
 * A canonical key per step: the expression it computes with references expanded and literals by value,
 * so the same computation has the same key in every turn's program (`#0` in one, `#1` in another).
 */
export function stepKeys(steps: readonly ProgramStep[]): string[] {
  const keys: string[] = [];
  const operandKey = (operand: Operand): string =>
    operand.kind === 'reference' ? (keys[operand.step] ?? '?') : String(operand.value);
  for (const step of steps) {
    keys.push(`${step.operation}(${operandKey(step.operands[0])},${operandKey(step.operands[1])})`);
  }
  return keys;
}

/** The steps a step depends on directly. */
export function referencedSteps(step: ProgramStep): number[] {
  return step.operands.flatMap((operand) => (operand.kind === 'reference' ? [operand.step] : []));
}
