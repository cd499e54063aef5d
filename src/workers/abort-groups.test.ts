import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AbortGroups } from './abort-groups.js';

describe('AbortGroups', () => {
  it('listens once per signal, tells every item still in the group, and lets go when it empties', () => {
    const told: Array<[string, unknown]> = [];
    const groups = new AbortGroups<string>((item, reason) => told.push([item, reason]));
    const controller = new AbortController();
    for (const item of ['a', 'b', 'c']) groups.add(controller.signal, item);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    groups.delete(controller.signal, 'b');
    controller.abort('turn over');
    expect(told).toEqual([
      ['a', 'turn over'],
      ['c', 'turn over'],
    ]);
    const other = new AbortController();
    groups.add(other.signal, 'd');
    groups.delete(other.signal, 'd');
    expect(getEventListeners(other.signal, 'abort')).toHaveLength(0);
  });
});
