/**
 * The arithmetic of the FinQA program language, shared by the tools, the converter (to compute the values
 * that `#N` operands stand for) and the grader, so that all three agree to the last bit.
 */

export const ARITHMETIC_OPERATIONS = ['add', 'subtract', 'multiply', 'divide', 'exp', 'greater'] as const;

export type ArithmeticOperation = (typeof ARITHMETIC_OPERATIONS)[number];

/** What a step evaluates to: a number, or "yes"/"no" for `greater`. */
export type StepValue = number | 'yes' | 'no';

/** An operation that has no finite result (division by zero, overflow, a complex power). */
export class ArithmeticError extends Error {
  readonly code = 'ARITHMETIC_UNDEFINED';
  constructor(message: string) {
    super(message);
    this.name = 'ArithmeticError';
  }
}

export function isArithmeticOperation(name: string): name is ArithmeticOperation {
  return (ARITHMETIC_OPERATIONS as readonly string[]).includes(name);
}

/** Whether swapping the operands leaves the result unchanged. */
export function isCommutative(operation: ArithmeticOperation): boolean {
  return operation === 'add' || operation === 'multiply';
}

/**
 * Rounds a result to 15 significant digits. This drops binary floating-point noise
 * (0.1 + 0.2 gives 0.3, not 0.30000000000000004) so the numbers a model reads back are the ones it would write.
 */
export function cleanResult(value: number): number {
  const cleaned = Number(value.toPrecision(15));
  return Object.is(cleaned, -0) ? 0 : cleaned;
}

export function applyOperation(operation: ArithmeticOperation, a: number, b: number): StepValue {
  switch (operation) {
    case 'greater':
      return a > b ? 'yes' : 'no';
    case 'add':
      return finite(operation, a + b);
    case 'subtract':
      return finite(operation, a - b);
    case 'multiply':
      return finite(operation, a * b);
    case 'divide':
      if (b === 0) throw new ArithmeticError(`divide: division by zero (${a} / 0)`);
      return finite(operation, a / b);
    case 'exp':
      return finite(operation, a ** b);
  }
}

function finite(operation: ArithmeticOperation, value: number): number {
  if (!Number.isFinite(value)) {
    throw new ArithmeticError(`${operation}: the result is not a finite number`);
  }
  return cleanResult(value);
}

/** Renders a step value the way the tools return it and the oracle answers. */
export function formatValue(value: StepValue): string {
  return typeof value === 'number' ? String(value) : value;
}
