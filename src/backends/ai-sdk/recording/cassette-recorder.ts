/**
 * `--record FILE`: every request goes to the model and its answer is kept; the cassette is written whole when
 * the run ends, replacing the file. The same request made again (a repeat, two identical cases) is kept again
 * as its next occurrence.
 */
import { type CassetteEntry, writeCassette } from './cassette-file.js';
import type { ModelCallStore } from './model-call-store.js';

export function createCassetteRecorder(path: string, label = path): ModelCallStore {
  const entries: CassetteEntry[] = [];
  const occurrences = new Map<string, number>();
  return {
    find: async () => null,
    save: async ({ key, request, test_case: testCase }, call) => {
      const occurrence = occurrences.get(key) ?? 0;
      occurrences.set(key, occurrence + 1);
      const scoped = testCase === null ? {} : { test_case: testCase };
      entries.push({ key, ...scoped, occurrence, request, response: call.response, latency_ms: call.latency_ms });
    },
    close: async () => {
      await writeCassette(path, entries);
      const distinct = occurrences.size;
      const repeated = entries.length - distinct;
      const detail = repeated === 0 ? '' : ` (${distinct} distinct, ${repeated} made again)`;
      return `recorded ${entries.length} model ${plural(entries.length, 'request')}${detail} in ${label}`;
    },
  };
}

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}
