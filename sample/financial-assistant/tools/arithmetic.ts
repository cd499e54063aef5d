/**
 * The arithmetic tools of the FinQA program language, each taking `{ a, b }`. Numbers may arrive as
 * strings with thousands separators, `$` or a percent sign (`"13.4%"` is 0.134). Results are numbers;
 * `greater` answers "yes" or "no". Division by zero is a tool error.
 */
import type { ToolDefinition } from '../../../src/index.js';
import { type ArithmeticOperation, applyOperation, type StepValue } from '../lib/arithmetic.js';
import { requireNumber } from '../lib/parse-number.js';

const OPERAND_DESCRIPTION = 'A number: 1234.5, "1,234.5", "$ 12" or a percentage such as "13.4%" (= 0.134).';

/** A tool that needs no call context, so tests can call it with its arguments alone. */
type ContextFreeTool = ToolDefinition & { readonly execute: (args: Record<string, unknown>) => StepValue };

function arithmeticTool(operation: ArithmeticOperation, description: string): ContextFreeTool {
  return {
    description,
    parameters: {
      type: 'object',
      properties: {
        a: { type: ['number', 'string'], description: OPERAND_DESCRIPTION },
        b: { type: ['number', 'string'], description: OPERAND_DESCRIPTION },
      },
      required: ['a', 'b'],
      additionalProperties: false,
    },
    execute: (args) => applyOperation(operation, requireNumber(args['a'], 'a'), requireNumber(args['b'], 'b')),
  };
}

export const add = arithmeticTool('add', 'Adds two numbers: a + b.');
export const subtract = arithmeticTool('subtract', 'Subtracts b from a: a - b.');
export const multiply = arithmeticTool('multiply', 'Multiplies two numbers: a * b.');
export const divide = arithmeticTool(
  'divide',
  'Divides a by b: a / b. A percentage change is divide(change, old value).',
);
export const exp = arithmeticTool('exp', 'Raises a to the power b: a ** b.');
export const greater = arithmeticTool('greater', 'Answers "yes" if a is greater than b, otherwise "no".');
