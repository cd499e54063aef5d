import { describe, expect, it } from 'vitest';
import { MIXED_A, MIXED_B } from '../../test/support/dashboard/mixed-changes.js';
import { compareResults } from '../core/compare-results.js';
import type { TestResult } from '../core/results.js';
import { summarizeResults } from '../dashboard/summarize-results.js';
import { createPalette } from './ansi.js';
import { type ComparedRun, formatComparison } from './compare-text.js';

function run(label: string, results: readonly TestResult[]): ComparedRun {
  return { label, model: 'openai:m', started_at: null, summary: summarizeResults(results, 1), mean_latency_ms: 1 };
}

function text(a: readonly TestResult[], b: readonly TestResult[]): string[] {
  const input = { a: run('a.json', a), b: run('b.json', b), results: compareResults(a, b), metrics: [] };
  return formatComparison(input, createPalette(false));
}

/** Each section's heading and the names of the cases listed under it. */
function sections(lines: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of lines) {
    if (/^\S/.test(line)) {
      current = [];
      found.set(line, current);
    }
    const listed = /^ {2}\S (\S+) {2}/.exec(line);
    if (listed?.[1] !== undefined && current !== null) current.push(listed[1]);
  }
  return found;
}

describe('formatComparison', () => {
  it('lists each changed case once, under a heading that counts what it lists in the words of the last line', () => {
    const lines = text(MIXED_A, MIXED_B);
    const listed = sections(lines);
    expect([...listed.entries()].filter(([, names]) => names.length > 0)).toEqual([
      ['Regressions (2 cases: 1 regressed, 1 still failing and worse; 2 turns newly failing)', ['regresses', 'worse']],
      ['Mixed (1 case still failing; 1 turn newly failing, 1 newly passing)', ['mixed']],
      ['Improvements (2 cases: 1 fixed, 1 still failing and better; 2 turns newly passing)', ['fixed', 'better']],
      ['Still failing, unchanged (1)', ['unchanged']],
    ]);
    expect(lines.at(-1)).toBe(
      '1 regressed · 1 fixed · 4 still failing (1 worse, 1 mixed, 1 better, 1 unchanged) · 1 unchanged passing · 0 added · 0 removed',
    );
  });

  it('names the turn that newly fails beside a case, not its first failing turn, and shows every turn that moved', () => {
    const lines = text(MIXED_A, MIXED_B);
    const at = (name: string) => lines.findIndex((line) => line.includes(` ${name}  `));
    expect(lines[at('worse')]).toMatch(/^ {2}✗ worse {2}failed → failed, worse — turn 4\/4: subtract/);
    expect(lines.slice(at('mixed'), at('mixed') + 3)).toEqual([
      expect.stringMatching(/^ {2}± mixed {2}failed → failed, mixed — turn 4\/4: subtract/),
      '      turn 1/4  failed → passed',
      '      turn 4/4  passed → failed',
    ]);
    expect(lines[at('better')]).toMatch(/^ {2}~ better {2}failed → failed, better — turn 2\/4: subtract/);
  });

  it('keeps the heading short when one kind fills it, and says no trend when no turn of a failing case moved', () => {
    const lines = text(MIXED_A.slice(0, 2), MIXED_B.slice(0, 2));
    expect(lines).toContain('Regressions (1 case regressed; 1 turn newly failing)');
    expect(lines.at(-1)).toBe('1 regressed · 0 fixed · 0 still failing · 1 unchanged passing · 0 added · 0 removed');
  });
});
