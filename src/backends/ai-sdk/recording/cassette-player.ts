/**
 * `--replay FILE`: every request is answered from the cassette, never by the model. The n-th time a request is
 * made (in its test case) it gets the answer recorded for its n-th occurrence. A request the cassette does not
 * hold, or holds fewer times (a `--repeat` beyond the recorded one), fails with RequestNotRecordedError: an answer
 * served again would make a repeat agree with itself. The message names the closest recorded request and the
 * field where they differ, or the test case it was recorded for.
 */
import type { CassetteEntry } from './cassette-file.js';
import { missReason } from './closest-request.js';
import type { ModelCallStore, StoredCall } from './model-call-store.js';
import { type KeyedRequest, requestKey } from './request-key.js';

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
      const count = served.get(request.key) ?? 0;
      const entry = list?.[count];
      if (list === undefined || entry === undefined) {
        missed += 1;
        const message =
          list === undefined ? notRecordedMessage(request, entries, label) : moreThanRecorded(list.length, label);
        throw new RequestNotRecordedError(message);
      }
      served.set(request.key, count + 1);
      answered += 1;
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

const contentKeys = new WeakMap<readonly CassetteEntry[], Map<string, CassetteEntry>>();

/** The entries by the key of their request alone (whatever case made it), worked out on the first miss. */
function sameRequestIn(entries: readonly CassetteEntry[]): Map<string, CassetteEntry> {
  let byContent = contentKeys.get(entries);
  if (byContent === undefined) {
    byContent = new Map(entries.map((entry) => [requestKey(entry.request), entry]));
    contentKeys.set(entries, byContent);
  }
  return byContent;
}

function moreThanRecorded(times: number, label: string): string {
  const recorded = times === 1 ? 'once' : `${times} times`;
  return `request not recorded in ${label} this often: it was made ${recorded} in the recorded run (record again with as many --repeat)`;
}

function notRecordedMessage(request: KeyedRequest, entries: readonly CassetteEntry[], label: string): string {
  const head = `request not recorded in ${label}`;
  if (entries.length === 0) return `${head} (the cassette holds no requests)`;
  const elsewhere = sameRequestIn(entries).get(requestKey(request.request));
  if (elsewhere !== undefined) {
    const whose =
      elsewhere.test_case === undefined
        ? 'a judge, or by an earlier version'
        : `test case ${JSON.stringify(elsewhere.test_case)}`;
    const mine = request.test_case === null ? 'a judge' : `test case ${JSON.stringify(request.test_case)}`;
    return `${head} for ${mine}: the same request was recorded for ${whose} (renamed? record again)`;
  }
  const why = missReason(request, entries);
  return why === null ? head : `${head}: ${why}`;
}
