import { describe, expect, it } from 'vitest';
import { matchesToolName } from './matches-tool-name.js';

describe('matchesToolName', () => {
  it.each<[string, string, boolean]>([
    ['subtract', 'subtract', true],
    ['subtract', 'mcp__fin__subtract', true],
    ['subtract', 'FinancePlugin-subtract_numbers', true],
    ['subtract', 'Subtract', false],
    ['subtract', 'sub', false],
    ['divide', 'subtract', false],
  ])('%s in %s → %s', (expected, actual, matched) => {
    expect(matchesToolName(expected, actual)).toBe(matched);
  });

  it.each<[string, string, boolean]>([
    ['subtract', 'subtract', true],
    ['subtract', 'mcp__fin__subtract', false],
    ['sub', 'subtract', false],
    ['subtract', 'Subtract', false],
  ])('exactly: %s is %s → %s', (expected, actual, matched) => {
    expect(matchesToolName(expected, actual, 'exact')).toBe(matched);
  });
});
