/** Results read back through the report schema, typed as the verdict unions of core/results. */
import type { z } from 'zod';
import type { TestResult, TurnResult } from '../core/results.js';
import { verdict } from '../core/status.js';
import type { repeatResultSchema, testResultSchema } from './report-schema.js';

type ParsedResult = z.infer<typeof testResultSchema>;
type ParsedRepeat = z.infer<typeof repeatResultSchema>;
type ParsedTurn = NonNullable<ParsedResult['turns']>[number];

/** A result as validated by the report schema (which checks `passed` agrees with `status`), typed as a verdict. */
export function settleParsedResult(parsed: ParsedResult | ParsedRepeat): TestResult {
  const { turns, ...rest } = parsed;
  const nested = 'repeats' in rest ? rest.repeats : undefined;
  const { repeats: _raw, ...fields } = rest as typeof rest & { repeats?: unknown };
  const result = {
    ...fields,
    ...verdict(parsed.status),
    ...(nested === undefined ? {} : { repeats: nested.map(settleParsedResult) }),
  };
  return turns === undefined ? result : { ...result, turns: turns.map(settleParsedTurn) };
}

function settleParsedTurn(turn: ParsedTurn): TurnResult {
  return { ...turn, ...verdict(turn.status) };
}
