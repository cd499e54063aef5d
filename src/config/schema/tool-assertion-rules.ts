/**
 * Rules across the tool assertions of one turn (or of a flat single-turn test case): `expected_tools_order:
 * strict` needs expected tools to order, and a tool cannot be both required and forbidden by name alone.
 * They read the partly parsed turn, so they check what they read.
 */
import type { z } from 'zod';
import { ISSUE } from '../issue-codes.js';
import type { PathSegment } from '../pending-issue.js';
import { addIssue, isRecord } from './fields.js';

interface Entry {
  readonly path: readonly PathSegment[];
  readonly name: string;
  readonly has_args: boolean;
  readonly count: number;
  readonly exact: boolean;
}

export function toolAssertionRules(turn: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  const expected = entries(turn['expected_tools'], 'expected_tools', 1);
  const forbidden = entries(turn['forbidden_tools'], 'forbidden_tools', 0);
  orderRule(turn, ctx);
  contradictionRule([...expected, ...forbidden], ctx);
}

function orderRule(turn: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  // An entry refused for its own mistake (`count: 0`) is still a tool to order: only an absent or empty list has none.
  const listed = Array.isArray(turn['expected_tools']) && turn['expected_tools'].length > 0;
  if (turn['expected_tools_order'] !== 'strict' || listed) return;
  addIssue(
    ctx,
    ISSUE.toolOrder,
    ['expected_tools_order'],
    '`expected_tools_order: strict` has no expected tools to order',
    {
      hint: 'list the tools in `expected_tools` in the order they must be called (forbidden_tools are not ordered)',
    },
  );
}

/** A name-only "must not be called" entry against an entry that needs a call its name would also match. */
function contradictionRule(all: readonly Entry[], ctx: z.core.$RefinementCtx): void {
  const forbidding = all.filter((entry) => entry.count === 0 && !entry.has_args);
  const requiring = all.filter((entry) => entry.count >= 1);
  for (const ban of forbidding) {
    // A call that satisfies `need` always matches `ban` (an absent name_match reads as the default, substring).
    const clash = requiring.find((need) =>
      ban.exact ? need.exact && need.name === ban.name : need.name.includes(ban.name),
    );
    if (!clash) continue;
    const where = `${clash.path[0]}[${clash.path[1]}]`;
    addIssue(
      ctx,
      ISSUE.contradictoryTools,
      ban.path,
      `no call may match "${ban.name}", but ${where} expects "${clash.name}"`,
      {
        hint: ban.exact
          ? 'give it `args` or remove one of the two'
          : `names match by containment, so a call of "${clash.name}" would break this entry; give it \`args\` or \`name_match: exact\`, or remove one of the two`,
      },
    );
  }
}

function entries(list: unknown, key: 'expected_tools' | 'forbidden_tools', defaultCount: number): Entry[] {
  if (!Array.isArray(list)) return [];
  const found: Entry[] = [];
  list.forEach((item: unknown, index) => {
    const path = [key, index] as const;
    if (typeof item === 'string' && item.trim() !== '') {
      found.push({ path, name: item, has_args: false, count: defaultCount, exact: false });
    } else if (isRecord(item) && typeof item['name'] === 'string' && item['name'].trim() !== '') {
      const hasArgs = isRecord(item['args']) && Object.keys(item['args']).length > 0;
      const count = key === 'forbidden_tools' ? 0 : countOf(item['count']);
      const exact = item['name_match'] === 'exact';
      if (count !== null) found.push({ path, name: item['name'], has_args: hasArgs, count, exact });
    }
  });
  return found;
}

/**
 * The count as the schema would read it; null when invalid (the schema reports it, and an entry it refuses
 * takes no part in these rules: `count: 0` is no forbidden tool).
 */
function countOf(value: unknown): number | null {
  if (value === undefined) return 1;
  const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 1 ? count : null;
}
