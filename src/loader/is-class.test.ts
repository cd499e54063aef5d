import { describe, expect, it } from 'vitest';
import { describeValue } from './describe-value.js';
import { isClass } from './is-class.js';
import { toolExportShape } from './tool-export-shape.js';

class Grader {}

describe('isClass', () => {
  it('tells a class from the functions holodeck can call', () => {
    expect(isClass(Grader)).toBe(true);
    expect(isClass(class extends Grader {})).toBe(true);
    for (const callable of [() => true, async () => true, function grade() {}, function* gen() {}]) {
      expect(isClass(callable)).toBe(false);
    }
    expect(isClass({})).toBe(false);
  });

  it('makes a class, or a definition whose execute is one, neither a function nor a tool definition', () => {
    expect(describeValue(Grader)).toBe('a class');
    expect(toolExportShape(Grader)).toEqual({ kind: 'other', described: 'a class' });
    expect(toolExportShape({ execute: Grader })).toEqual({ kind: 'other', described: 'an object' });
    expect(toolExportShape(() => 1)).toEqual({ kind: 'function' });
  });
});
