/**
 * One call against the asserted arguments of one entry: every argument that is missing or does not match,
 * in the entry's order, so a reason names them all (`arg 'a' mismatch: expected 1, got 9; arg 'c' missing`).
 */
import type { ArgMatcher } from '../core/config-types.js';
import type { ToolInvocation } from '../core/tool-invocation.js';
import { matchArg } from './match-arg.js';
import { missingArgNote } from './missing-arg-note.js';

export interface CallCheck {
  /** Index of the call in the turn's invocations. */
  readonly index: number;
  /** How many asserted arguments matched, to find the closest call when none satisfies. */
  readonly matched_args: number;
  /** What fails, one item per argument (or one for arguments the call could not give); empty when it satisfies. */
  readonly problems: readonly ArgProblem[];
}

export interface ArgProblem {
  /** `arg 'b' mismatch: expected 3, got 4`, `arg 'a' mismatch at a.key39: …`, `arg 'c' missing (the call has cc)`. */
  readonly text: string;
  /** `arg 'a' expected …, got …` in full, when `text` shows the values cut; else null. */
  readonly full: string | null;
}

export function checkCall(
  args: Readonly<Record<string, ArgMatcher>> | null,
  call: ToolInvocation,
  index: number,
): CallCheck {
  const asserted = Object.keys(args ?? {});
  // Arguments refused before any tool ran were never the tool's, whatever they hold (a placeholder for a part
  // nested too deep, a value the schema refused): no check reads them, and why they were refused says more, once.
  if (call.args_refused === true && asserted.length > 0) {
    const names = asserted.map((name) => `'${name}'`).join(', ');
    const why = call.error === null ? '' : ` (${call.error})`;
    const text = `${asserted.length === 1 ? 'arg' : 'args'} ${names} missing: the call's arguments were refused${why}`;
    return { index, matched_args: 0, problems: [{ text, full: null }] };
  }
  let matchedArgs = 0;
  const problems: ArgProblem[] = [];
  const assertedSet = new Set(asserted);
  for (const [name, matcher] of Object.entries(args ?? {})) {
    if (!Object.hasOwn(call.args, name) || call.args[name] === undefined) {
      problems.push({ text: `arg '${name}' missing${missingArgNote(name, call.args, assertedSet)}`, full: null });
      continue;
    }
    const result = matchArg(matcher, call.args[name], name);
    if (result.matched) {
      matchedArgs += 1;
      continue;
    }
    const where = result.where === null ? '' : ` at ${result.where}`;
    const full = result.full === null ? null : `arg '${name}' ${result.full}`;
    problems.push({ text: `arg '${name}' mismatch${where}: ${result.reason}`, full });
  }
  return { index, matched_args: matchedArgs, problems };
}
