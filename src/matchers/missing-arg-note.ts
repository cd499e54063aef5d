/**
 * What a call gave instead of an asserted argument it lacks: its arguments the entry does not assert, the closest
 * to the missing name first (` (the call has order_id)` for `orderid`), so a misspelled name in the test case, or
 * in the model's call, shows at once. Empty when the call has no other argument.
 */
import { editDistance } from '../core/edit-distance.js';

/** Names shown at most, each cut at NAME_MAX characters. */
const MAX_NAMES = 3;
const NAME_MAX = 40;

export function missingArgNote(
  missing: string,
  callArgs: Readonly<Record<string, unknown>>,
  asserted: ReadonlySet<string>,
): string {
  const others = Object.keys(callArgs).filter((name) => !asserted.has(name) && callArgs[name] !== undefined);
  if (others.length === 0) return '';
  const wanted = missing.toLowerCase();
  const nearest = others
    .map((name, order) => ({ name, order, distance: editDistance(wanted, name.toLowerCase().slice(0, NAME_MAX * 2)) }))
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, MAX_NAMES)
    .map(({ name }) => (name.length > NAME_MAX ? `${name.slice(0, NAME_MAX)}…` : name));
  const more = others.length > MAX_NAMES ? `, and ${others.length - MAX_NAMES} more` : '';
  return ` (the call has ${nearest.join(', ')}${more})`;
}
