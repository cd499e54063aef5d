import { describe, expect, it } from 'vitest';
import { repeatedCaseStatus } from './status.js';

describe('repeatedCaseStatus', () => {
  it.each([
    [['passed', 'passed', 'passed'], 1, 'passed'],
    [['passed', 'failed', 'passed'], 1, 'failed'],
    [['passed', 'failed', 'passed'], 0.6, 'passed'],
    [['passed', 'failed', 'passed', 'failed'], 0.5, 'passed'],
    [['passed', 'failed', 'failed', 'failed'], 0.5, 'failed'],
    // An error is never a pass: it counts against the rate, and alone it makes the case `error`, not `failed`.
    [['passed', 'error', 'passed'], 1, 'error'],
    [['passed', 'error', 'passed'], 0.6, 'passed'],
    [['failed', 'error', 'passed'], 1, 'failed'],
    [['error', 'error'], 0.5, 'error'],
    [['error', 'skipped'], 0.5, 'error'],
    [['skipped', 'skipped'], 1, 'skipped'],
    [['passed', 'skipped'], 1, 'error'],
  ] as const)('%j at min pass rate %s is %s', (statuses, rate, expected) => {
    expect(repeatedCaseStatus(statuses, rate)).toBe(expected);
  });
});
