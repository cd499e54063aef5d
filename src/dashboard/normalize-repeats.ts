/** `repeat_stats` of a record's test result (`--repeat`), checked field by field; absent when unreadable. */
import type { PassCounts, RepeatStats, TurnRepeatStats } from '../core/results.js';
import { asFields, count, type Fields, flag } from './json-fields.js';

function rates(fields: Fields, key: string): number[] {
  const value = fields[key];
  if (!Array.isArray(value)) return [];
  return value.map((item) => (typeof item === 'number' && item >= 0 && item <= 1 ? item : 0));
}

function passCounts(fields: Fields): PassCounts | null {
  const runs = count(fields, 'runs');
  if (runs < 1) return null;
  const passed = Math.min(runs, count(fields, 'passed'));
  return {
    runs,
    passed,
    failed: count(fields, 'failed'),
    errored: count(fields, 'errored'),
    skipped: count(fields, 'skipped'),
    pass_rate: passed / runs,
    flaky: flag(fields, 'flaky'),
    pass_at_k: rates(fields, 'pass_at_k'),
    pass_hat_k: rates(fields, 'pass_hat_k'),
  };
}

export function normalizeRepeatStats(value: unknown): RepeatStats | undefined {
  const fields = asFields(value);
  const counts = fields === null ? null : passCounts(fields);
  if (fields === null || counts === null) return undefined;
  const minPassRate = typeof fields.min_pass_rate === 'number' ? fields.min_pass_rate : 1;
  const turns = Array.isArray(fields.turns)
    ? fields.turns.flatMap((item, position): TurnRepeatStats[] => {
        const turn = asFields(item);
        const turnCounts = turn === null ? null : passCounts(turn);
        return turn === null || turnCounts === null
          ? []
          : [{ turn_index: count(turn, 'turn_index', position), ...turnCounts }];
      })
    : undefined;
  return { ...counts, min_pass_rate: minPassRate, ...(turns === undefined ? {} : { turns }) };
}
