/**
 * A script for repeated runs: it answers every question from a table, except that the questions listed as
 * flaky are answered wrongly `fail_rate` of the time. Whether the n-th time a question is asked goes wrong is
 * drawn from a generator seeded by (seed, question, n), so a run is deterministic whatever order concurrent
 * cases ask in.
 */
import { lastUserText } from './fake-request-view.js';
import { answer, type FakeScript } from './fake-script.js';
import { seededRandom } from './with-faults.js';

export interface FlakyTurnScriptOptions {
  /** Question → the right answer. */
  readonly answers: Readonly<Record<string, string>>;
  /** Questions answered wrongly `fail_rate` of the time. */
  readonly flaky: readonly string[];
  readonly fail_rate: number;
  readonly seed: number;
}

export function createFlakyTurnScript(options: FlakyTurnScriptOptions): FakeScript {
  const asked = new Map<string, number>();
  return (request) => {
    const question = lastUserText(request);
    const right = options.answers[question] ?? `no answer for "${question}"`;
    if (!options.flaky.includes(question)) return answer(right);
    const n = (asked.get(question) ?? 0) + 1;
    asked.set(question, n);
    const wrong = seededRandom(hash(`${options.seed}\u0000${question}\u0000${n}`))() < options.fail_rate;
    return answer(wrong ? `not ${right}` : right);
  };
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
