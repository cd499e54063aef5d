/**
 * `--record FILE`: every request goes to the model and its answer is kept; the cassette is written whole when
 * the run ends, replacing the file. The same request made again (a repeat) is kept again as its next
 * occurrence. A cassette already there is never replaced by less than a whole run: a run that recorded nothing
 * (the model unreachable) leaves it as it was, and an interrupted run writes what it recorded beside it, to
 * FILE.partial.
 */
import { stat } from 'node:fs/promises';
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
    close: async (ending) => {
      const existing = await stat(path).then(
        (stats) => stats.isFile(),
        () => false,
      );
      if (existing && entries.length === 0) return `recorded no model request: ${label} left as it was`;
      if (existing && ending?.interrupted === true) {
        await writeCassette(`${path}.partial`, entries);
        return `run interrupted: recorded ${entries.length} model ${plural(entries.length, 'request')} in ${label}.partial; ${label} left as it was (a resumed run records nothing: run the whole suite with --record again for a complete cassette)`;
      }
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
