/**
 * The project's fake model server (ConvFinQA script, real OpenAI wire protocol) in the benchmark's own
 * process, with a fixed latency. It counts model calls per conversation turn instead of keeping every
 * request, so a 10,000-case run costs it no memory.
 */
import { createConvFinQaScript } from '../../test/fakes/convfinqa-script.js';
import { userTurn } from '../../test/fakes/fake-request-view.js';
import type { FakeScript } from '../../test/fakes/fake-script.js';
import { startFakeModelServer } from '../../test/fakes/start-fake-model-server.js';

export interface BenchFake {
  readonly url: string;
  /** Model calls so far, by 1-based conversation turn. */
  callsByTurn(): ReadonlyMap<number, number>;
  readonly total_calls: () => number;
  close(): Promise<void>;
}

export async function startBenchFake(latencyMs: number): Promise<BenchFake> {
  const script = createConvFinQaScript();
  const calls = new Map<number, number>();
  let total = 0;
  const counting: FakeScript = (request) => {
    const turn = userTurn(request);
    calls.set(turn, (calls.get(turn) ?? 0) + 1);
    total += 1;
    return script(request);
  };
  const server = await startFakeModelServer(counting, { latency_ms: latencyMs });
  const forget = setInterval(() => server.reset(), 500);
  forget.unref();
  return {
    url: server.url,
    callsByTurn: () => new Map(calls),
    total_calls: () => total,
    async close() {
      clearInterval(forget);
      await server.close();
    },
  };
}
