/**
 * The fake model server both tools talk to: the project's OpenAI-protocol fake in this process, with a fixed
 * latency, answering each question with the code it asks for (`Reply with the code of c0007-t2.` →
 * `code c0007-t2`), so every case of either tool can pass and a wrong routing of answers would fail it.
 * It counts requests and notes the first and the last, instead of keeping them, so 5,000 cases cost no memory.
 */
import { lastUserText } from '../../test/fakes/fake-request-view.js';
import { answer, type FakeScript } from '../../test/fakes/fake-script.js';
import { startFakeModelServer } from '../../test/fakes/start-fake-model-server.js';

export interface CompareFake {
  /** Base URL without `/v1`. */
  readonly url: string;
  /** Model requests since the last `reset`. */
  requests(): number;
  /** `performance.now()` of the first request since the last `reset`, or null. */
  firstRequestAt(): number | null;
  /** `performance.now()` of the last reply sent since the last `reset`, or null. */
  lastReplyAt(): number | null;
  reset(): void;
  close(): Promise<void>;
}

/** The answer the fake gives to a question: `code <key>` for the key the question names. */
export function codeAnswer(question: string): string {
  const key = /code of ([\w-]+)/.exec(question)?.[1];
  return key === undefined ? 'no code asked' : `code ${key}`;
}

export async function startCompareFake(latencyMs: number): Promise<CompareFake> {
  let count = 0;
  let first: number | null = null;
  let last: number | null = null;
  // The server waits the latency before it asks the script, and sends the reply right after.
  const script: FakeScript = (request) => {
    const now = performance.now();
    count += 1;
    first ??= now - latencyMs;
    last = now;
    return answer(codeAnswer(lastUserText(request)), { prompt_tokens: 20, completion_tokens: 3 });
  };
  const server = await startFakeModelServer(script, { latency_ms: latencyMs });
  const forget = setInterval(() => server.reset(), 500);
  forget.unref();
  return {
    url: server.url,
    requests: () => count,
    firstRequestAt: () => first,
    lastReplyAt: () => last,
    reset() {
      count = 0;
      first = null;
      last = null;
      server.reset();
    },
    async close() {
      clearInterval(forget);
      await server.close();
    },
  };
}
