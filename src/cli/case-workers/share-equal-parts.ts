/**
 * Under workers the main thread keeps the suite only to schedule its cases and to send each to its worker (a
 * structured clone), yet it holds every case's objects for the whole run: ~2 KB for a four-turn case, 20 MiB
 * at 10,000. Most turns' tool expectations and empty `turn_config` are equal from case to case. Once the
 * run's set-up has read the suite, the main thread lets equal ones share one object: a turn's empty
 * `turn_config`, and its `expected_tools` list when each entry names a tool without argument matchers.
 *
 * Sharing stays invisible to every reader. Nothing in the main thread writes to a case (user code runs in the
 * workers, on their own copies). And a structured clone keeps the identity of objects only within one message,
 * one case: so objects are shared only between different cases, never between two turns of a case or two
 * entries of a list (the key holds the turn's position and the entry's), and a case reaches its worker with
 * the same distinct objects it had. Objects that are frozen, or lists whose entries hold argument matchers,
 * stay as they are.
 */
import type { ExpectedTool, TestCaseConfig, TurnConfig } from '../../core/config-types.js';

type Writable<T> = { -readonly [K in keyof T]: T[K] };

export function shareEqualParts(cases: readonly TestCaseConfig[]): void {
  const configs = new Map<number, Readonly<Record<string, unknown>>>();
  const lists = new Map<string, readonly ExpectedTool[]>();
  for (const testCase of cases) {
    testCase.turns.forEach((turn, at) => {
      if (Object.isFrozen(turn)) return;
      const writable = turn as Writable<TurnConfig>;
      if (isEmptyRecord(turn.turn_config)) {
        const shared = configs.get(at);
        if (shared === undefined) configs.set(at, turn.turn_config);
        else writable.turn_config = shared;
      }
      const key = listKey(turn.expected_tools, at);
      if (key !== null && turn.expected_tools !== null) {
        const shared = lists.get(key);
        if (shared === undefined) lists.set(key, turn.expected_tools);
        else writable.expected_tools = shared;
      }
    });
  }
}

function isEmptyRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.getPrototypeOf(value) === Object.prototype && Reflect.ownKeys(value).length === 0;
}

/** The key of a list of expected tools with no argument matchers (at the turn's position), else null. */
function listKey(tools: readonly ExpectedTool[] | null, turnAt: number): string | null {
  if (tools === null || !Array.isArray(tools) || Object.getPrototypeOf(tools) !== Array.prototype) return null;
  const parts: string[] = [String(turnAt)];
  for (const tool of tools) {
    if (tool.args !== null || Reflect.ownKeys(tool).length !== 4) return null;
    parts.push(JSON.stringify([tool.name, tool.name_match, tool.count]));
  }
  return parts.join('\u0000');
}
