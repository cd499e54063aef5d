/**
 * `--replay FILE`: every request is answered from the cassette, never by the model. The n-th time a request is
 * made it gets the answer recorded for its n-th occurrence; made more often than recorded, it gets the last
 * one again. A request the cassette does not hold fails with RequestNotRecordedError, naming the closest
 * recorded request and the field where they differ.
 */
import type { CassetteEntry } from './cassette-file.js';
import { closestRequest, describeDifference } from './closest-request.js';
import type { ModelCallStore, StoredCall } from './model-call-store.js';
import type { KeyedRequest } from './request-key.js';

export class RequestNotRecordedError extends Error {
  readonly code = 'REQUEST_NOT_RECORDED';
  constructor(message: string) {
    super(message);
    this.name = 'RequestNotRecordedError';
  }
}

export function createCassettePlayer(entries: readonly CassetteEntry[], label: string): ModelCallStore {
  const byKey = new Map<string, CassetteEntry[]>();
  for (const entry of entries) {
    const list = byKey.get(entry.key) ?? [];
    list.push(entry);
    byKey.set(entry.key, list);
  }
  for (const list of byKey.values()) list.sort((a, b) => a.occurrence - b.occurrence);
  const served = new Map<string, number>();
  let answered = 0;
  let missed = 0;
  return {
    find: async (request: KeyedRequest): Promise<StoredCall> => {
      const list = byKey.get(request.key);
      if (list === undefined) {
        missed += 1;
        throw new RequestNotRecordedError(notRecordedMessage(request, entries, label));
      }
      const count = served.get(request.key) ?? 0;
      served.set(request.key, count + 1);
      answered += 1;
      const entry = list[Math.min(count, list.length - 1)]!;
      return { response: entry.response, latency_ms: entry.latency_ms };
    },
    save: async () => {
      throw new Error('a replay never asks the model');
    },
    close: async () => {
      const misses = missed === 0 ? '' : `; ${missed} not recorded`;
      return `replayed ${answered} model ${answered === 1 ? 'request' : 'requests'} from ${label}${misses}`;
    },
  };
}

function notRecordedMessage(request: KeyedRequest, entries: readonly CassetteEntry[], label: string): string {
  const head = `request not recorded in ${label}`;
  if (entries.length === 0) return `${head} (the cassette holds no requests)`;
  const closest = closestRequest(request.request, entries);
  if (closest === null) return head;
  return `${head}: the closest recorded request (${closest.key.slice(0, 12)}) ${describeDifference(closest)}`;
}
