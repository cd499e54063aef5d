/**
 * One run at a time records a cassette: a second run recording to it while the first is going is refused
 * (exit 2, before any model call), since each writes the cassette whole when it ends and the first to end would
 * be lost; once the first has ended, the cassette can be recorded again.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { until } from '../helpers/until.js';
import { startCli } from '../reliability/cli-process.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer(() => ({ ...answer('1200'), delay_ms: 1_500 }));
});
afterAll(() => server.close());

describe('--record', () => {
  it('refuses a second run recording to a cassette another run is recording to', { timeout: 60_000 }, async () => {
    const dir = await writeProject({
      'agent.yaml': `name: locked
${modelBlock('openai', server.url)}
instructions: { inline: "Answer with the price only." }
test_cases:
  - { name: a, input: "How much?", ground_truth: "1200" }
`,
    });
    const cassette = join(dir, 'c.jsonl');
    const first = startCli(['test', dir, '--record', cassette]);
    expect(await until(() => existsSync(`${cassette}.lock`), 20_000)).toBe(true);
    const second = await runCli(['test', dir, '--record', cassette]);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(
      /^error: another holodeck run \(process \d+ on .+\) is recording to the cassette .*c\.jsonl: wait for it, or record to another file\n$/,
    );
    expect((await first.exited).code).toBe(0);
    expect(existsSync(`${cassette}.lock`)).toBe(false);
    const again = await runCli(['test', dir, '--record', cassette]);
    expect(again.code, again.stderr).toBe(0);
  });
});
