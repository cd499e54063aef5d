/**
 * A flaky provider: with 20% of model requests failing at random (429 with retry-after-ms, 500, connection
 * reset, stream cut mid-way), a 100-case × 4-turn run reports every turn with the same pass/fail as a
 * fault-free run, counts the retries per turn, and never asks again for an answer it already received.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { createConvFinQaScript } from '../fakes/convfinqa-script.js';
import type { FakeRequest, FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { seededRandom, withFaults } from '../fakes/with-faults.js';
import { runCli } from '../helpers/run-cli.js';
import { TURNS_PER_CASE, writeSuiteProject } from './suite-project.js';

const CASES = 100;
const failing = (index: number) => index % 7 === 3;

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

interface Tally {
  /** How many times each exact request (conversation so far) received an answer. */
  readonly answered: Map<string, number>;
  faults: number;
}

/** Records, at the wire, which replies were answers and which were injected faults. */
function tallied(script: FakeScript, tally: Tally): FakeScript {
  return async (request: FakeRequest) => {
    const reply = await script(request);
    if (reply.kind === 'answer') {
      const key = conversationKey(request);
      tally.answered.set(key, (tally.answered.get(key) ?? 0) + 1);
    } else {
      tally.faults += 1;
    }
    return reply;
  };
}

/** The conversation a request carries, without the call ids the fake numbers per server. */
function conversationKey(request: FakeRequest): string {
  return JSON.stringify(
    request.messages.map((message) => {
      if (message.role === 'user') return ['user', message.text];
      if (message.role === 'tool') return ['tool', message.name, message.content];
      return ['assistant', message.text, message.tool_calls.map((call) => [call.name, call.args])];
    }),
  );
}

async function run(faultRate: number): Promise<{ code: number | null; report: RunReport; tally: Tally }> {
  const tally: Tally = { answered: new Map(), faults: 0 };
  const base = createConvFinQaScript();
  const script =
    faultRate === 0
      ? base
      : withFaults(base, { rate: faultRate, kinds: ['429', '500', 'reset', 'cut'], random: seededRandom(7) });
  server = await startFakeModelServer(tallied(script, tally));
  const dir = await writeSuiteProject({ url: server.url, cases: CASES, failing, execution: { max_retries: 10 } });
  const out = join(dir, 'report.json');
  const cli = await runCli(['test', dir, '-q', '-j', '20', '--output', out], { timeoutMs: 240_000 });
  await server.close();
  server = null;
  return { code: cli.code, report: JSON.parse(await readFile(out, 'utf8')) as RunReport, tally };
}

const verdicts = (report: RunReport) => report.results.map((r) => [r.test_name, r.turns?.map((t) => t.passed)]);

describe('a run against a provider failing 20% of requests', () => {
  it('reports every turn with the same pass/fail as a fault-free run, counting retries per turn', {
    timeout: 480_000,
  }, async () => {
    const clean = await run(0);
    const flaky = await run(0.2);

    expect(clean.code).toBe(1);
    expect(flaky.code).toBe(1);
    expect(flaky.report.summary).toEqual({ ...clean.report.summary, duration_ms: flaky.report.summary.duration_ms });
    expect(flaky.report.summary.total_turns).toBe(CASES * TURNS_PER_CASE);
    expect(flaky.report.summary.failed).toBe(Array.from({ length: CASES }, (_, i) => i).filter(failing).length);
    expect(verdicts(flaky.report)).toEqual(verdicts(clean.report));
    const turns = flaky.report.results.flatMap((r) => r.turns ?? []);
    expect(turns.every((t) => t.errors.length === 0 && !t.skipped)).toBe(true);

    // Every injected fault was retried once, and the retries are counted on the turns they happened in.
    expect(flaky.tally.faults).toBeGreaterThan(0.12 * clean.tally.answered.size);
    expect(turns.reduce((sum, t) => sum + t.retries, 0)).toBe(flaky.tally.faults);
    expect(turns.filter((t) => t.retries > 0).length).toBeGreaterThan(50);
    expect(clean.report.results.flatMap((r) => r.turns ?? []).every((t) => t.retries === 0)).toBe(true);

    // Each answer was received exactly once: the same requests were answered as in the fault-free run.
    const twice = [...flaky.tally.answered].filter(([, count]) => count > 1).map(([key]) => key);
    expect(twice).toEqual([]);
    const missing = [...clean.tally.answered.keys()].filter((key) => !flaky.tally.answered.has(key));
    expect(missing).toEqual([]);
    expect(flaky.tally.answered.size).toBe(clean.tally.answered.size);
  });
});
