/**
 * The cases of a workload, the same for both tools: turn t of case i asks for the code `c0007-t2`, and the
 * turn passes when the answer is exactly `code c0007-t2` (what the compare fake answers).
 */
import type { Workload } from './workloads.js';

export interface CompareTurn {
  readonly question: string;
  readonly expected: string;
}

export interface CompareCase {
  /** Unique within the workload, e.g. `c0007`; promptfoo's `conversationId`. */
  readonly name: string;
  readonly turns: readonly CompareTurn[];
}

export const SYSTEM_PROMPT = 'Answer with the code only.';

export function compareCases(workload: Workload): CompareCase[] {
  const width = Math.max(4, String(workload.cases).length);
  return Array.from({ length: workload.cases }, (_, i) => {
    const name = `c${String(i + 1).padStart(width, '0')}`;
    const turns = Array.from({ length: workload.turns }, (_, t) => {
      const key = `${name}-t${t + 1}`;
      return { question: `Reply with the code of ${key}.`, expected: `code ${key}` };
    });
    return { name, turns };
  });
}
