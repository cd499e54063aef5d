import { describe, expect, it } from 'vitest';
import { ArithmeticError } from './arithmetic.js';
import { executeProgram, ProgramError, type ProgramStep, parseProgram, stepKeys } from './program.js';

function steps(text: string): readonly ProgramStep[] {
  const program = parseProgram(text);
  if (program.kind !== 'steps') throw new Error('expected steps');
  return program.steps;
}

describe('parseProgram', () => {
  it('reads a bare value as a lookup turn', () => {
    expect(parseProgram('60.94')).toEqual({ kind: 'value', value: 60.94, text: '60.94' });
    expect(parseProgram(' 13.4% ')).toMatchObject({ kind: 'value', value: 0.134 });
    expect(parseProgram('-5')).toMatchObject({ kind: 'value', value: -5 });
  });

  it('reads steps with numbers, constants, percent literals and references', () => {
    const [first, second] = steps('subtract(206588, const_m1), divide(#0,  13.4%)');
    expect(first).toEqual({
      index: 0,
      operation: 'subtract',
      operands: [
        { kind: 'number', value: 206588, text: '206588' },
        { kind: 'constant', value: -1, text: 'const_m1' },
      ],
      text: 'subtract(206588, const_m1)',
    });
    expect(second?.operands).toEqual([
      { kind: 'reference', step: 0, text: '#0' },
      { kind: 'percent', value: 0.134, text: '13.4%' },
    ]);
    expect(second?.text).toBe('divide(#0,  13.4%)');
  });

  it('reads every constant by its value', () => {
    const values = steps('add(const_100, const_1000), add(const_1000000, const_7)').flatMap((step) =>
      step.operands.map((operand) => (operand.kind === 'reference' ? null : operand.value)),
    );
    expect(values).toEqual([100, 1000, 1000000, 7]);
  });

  it.each([
    ['', 'the program is empty'],
    ['#0', 'a bare reference'],
    ['table_sum(revenue, none)', 'unknown operation "table_sum"'],
    ['add(1, 2, 3)', 'add takes 2 arguments, got 3'],
    ['add(1)', 'add takes 2 arguments, got 1'],
    ['add(1, 2), divide(#1, 2)', 'step 1: "#1" does not refer to an earlier step'],
    ['add(1, two)', 'cannot read the argument "two"'],
    ['add(1, 2) subtract(3, 4)', 'cannot parse'],
    ['add(1, 2), ', 'ends with a comma'],
    ['total', 'cannot read the argument "total"'],
  ])('rejects %j (%s)', (text, message) => {
    expect(() => parseProgram(text)).toThrow(ProgramError);
    expect(() => parseProgram(text)).toThrow(message);
  });
});

describe('executeProgram', () => {
  it('evaluates #N chains', () => {
    expect(executeProgram(parseProgram('subtract(193.5, const_100), subtract(208.1, const_100), divide(#1, #0)'))).toBe(
      1.15614973262032,
    );
  });

  it('answers greater with yes or no', () => {
    expect(executeProgram(parseProgram('subtract(17.84, 4.11), subtract(60.15, 41.30), greater(#0, #1)'))).toBe('no');
  });

  it('refuses to use a yes/no result as a number', () => {
    expect(() => executeProgram(parseProgram('greater(2, 1), add(#0, 1)'))).toThrow('is a yes/no result');
  });

  it('reports division by zero', () => {
    expect(() => executeProgram(parseProgram('subtract(5, 5), divide(1, #0)'))).toThrow(ArithmeticError);
  });
});

describe('stepKeys', () => {
  it('gives the same computation the same key whatever its step number or spelling', () => {
    const one = stepKeys(steps('subtract(41.30, const_100), divide(#0, 100)'));
    const two = stepKeys(steps('add(1, 2), subtract(41.3, 100), divide(#1, const_100)'));
    expect(one[1]).toBe(two[2]);
    expect(one[1]).toBe('divide(subtract(41.3,100),100)');
  });
});
