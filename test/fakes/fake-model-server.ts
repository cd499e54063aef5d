/**
 * The fake model server, in-process (`startFakeModelServer`) or standalone:
 *
 *   npx tsx test/fakes/fake-model-server.ts --script test/fakes/convfinqa-script.ts --options '{"wrong_answer_turn":3}' --port 0
 *
 * prints one JSON line `{"url":"http://127.0.0.1:PORT"}` on stdout once it listens, and stops on SIGTERM/SIGINT.
 * A script module exports `createScript(options)` (or the export named after `path:`). `--rate-limit 10/1000`
 * answers 429 beyond 10 requests in any 1000 ms (with-rate-limit.ts).
 * Recorded requests: `GET /_fake/requests`; forget them: `POST /_fake/reset`.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FakeScript, FakeScriptFactory } from './fake-script.js';
import { startFakeModelServer } from './start-fake-model-server.js';
import { type FaultKind, seededRandom, withFaults } from './with-faults.js';
import { withRateLimit } from './with-rate-limit.js';

export type { FakeModelServer, FakeModelServerOptions } from './start-fake-model-server.js';
export { startFakeModelServer };

const DEFAULT_SCRIPT = new URL('./convfinqa-script.ts', import.meta.url).pathname;

async function loadScript(spec: string, options: Readonly<Record<string, unknown>>): Promise<FakeScript> {
  const colon = spec.lastIndexOf(':');
  const hasExport = colon > 1 && !spec.slice(colon).includes('/');
  const file = hasExport ? spec.slice(0, colon) : spec;
  const exportName = hasExport ? spec.slice(colon + 1) : 'createScript';
  const module = (await import(pathToFileURL(resolve(file)).href)) as Record<string, unknown>;
  const factory = module[exportName];
  if (typeof factory !== 'function') throw new Error(`${file} does not export a function ${exportName}`);
  return (factory as FakeScriptFactory)(options);
}

async function main(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      script: { type: 'string', default: DEFAULT_SCRIPT },
      options: { type: 'string', default: '{}' },
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'latency-ms': { type: 'string', default: '0' },
      'fail-rate': { type: 'string', default: '0' },
      'fail-kinds': { type: 'string', default: '429,500,reset' },
      'fail-seed': { type: 'string', default: '42' },
      'require-api-key': { type: 'string' },
      'rate-limit': { type: 'string' },
    },
  });
  const scriptOptions = JSON.parse(values.options) as Record<string, unknown>;
  let script = await loadScript(values.script, scriptOptions);
  const failRate = Number(values['fail-rate']);
  if (failRate > 0) {
    const kinds = values['fail-kinds'].split(',').map((k) => k.trim()) as FaultKind[];
    script = withFaults(script, { rate: failRate, kinds, random: seededRandom(Number(values['fail-seed'])) });
  }
  const rateLimit = /^(\d+)\/(\d+)$/.exec(values['rate-limit'] ?? '');
  if (rateLimit !== null) {
    script = withRateLimit(script, { requests: Number(rateLimit[1]), window_ms: Number(rateLimit[2]) }).script;
  }
  const server = await startFakeModelServer(script, {
    host: values.host,
    port: Number(values.port),
    latency_ms: Number(values['latency-ms']),
    require_api_key: values['require-api-key'] ?? null,
  });
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  const stop = () => {
    server.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`fake-model-server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
