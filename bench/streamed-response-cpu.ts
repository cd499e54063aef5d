/**
 * What a model call costs the client's CPU when it asks for the whole response and when it asks for a stream:
 * the AI SDK's OpenAI provider (`doGenerate` / `doStream`, the stream read to its end), through Node's fetch,
 * against a server in another process (bench/lib/openai-echo-server.mjs) answering the same text either way, so
 * that only the client's work is counted. The two ways alternate, round after round, and each keeps its least
 * CPU time per call, since other work on the machine only adds to it.
 *
 *   npx tsx bench/streamed-response-cpu.ts --words 60,300 --calls 300 --rounds 5
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV3, LanguageModelV3Prompt } from '@ai-sdk/provider';
import { loadAverage } from './lib/run-cli.js';

const SERVER = fileURLToPath(new URL('./lib/openai-echo-server.mjs', import.meta.url));

const { values } = parseArgs({
  options: {
    words: { type: 'string', default: '60,300' },
    calls: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '5' },
  },
});
const calls = Number(values.calls);
const rounds = Number(values.rounds);

const PROMPT: LanguageModelV3Prompt = [
  { role: 'system', content: 'Answer briefly.' },
  { role: 'user', content: [{ type: 'text', text: 'What is the net cash from operating activities in 2009?' }] },
];

async function startServer(words: number) {
  const child = spawn(process.execPath, [SERVER, String(words)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return { url: chunk.toString('utf8').trim(), stop: () => child.stdin.end() };
}

async function whole(model: LanguageModelV3): Promise<void> {
  await model.doGenerate({ prompt: PROMPT });
}

async function streamed(model: LanguageModelV3): Promise<void> {
  const { stream } = await model.doStream({ prompt: PROMPT });
  const reader = stream.getReader();
  while (!(await reader.read()).done) {
    // every part read, as a caller waiting for the finished answer would
  }
}

/** CPU time of this process per call, in microseconds. */
async function cpuPerCall(model: LanguageModelV3, call: (model: LanguageModelV3) => Promise<void>): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) await call(model);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

console.log(
  `client CPU per model call, whole vs streamed; ${calls} calls × ${rounds} rounds; load ${await loadAverage()}`,
);
for (const words of values.words.split(',').map(Number)) {
  const server = await startServer(words);
  const model = createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-bench' }).chat('gpt-4o-mini');
  for (let i = 0; i < 200; i++) await Promise.all([whole(model), streamed(model)]);
  let bestWhole = Number.POSITIVE_INFINITY;
  let bestStreamed = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    bestWhole = Math.min(bestWhole, await cpuPerCall(model, whole));
    bestStreamed = Math.min(bestStreamed, await cpuPerCall(model, streamed));
  }
  server.stop();
  console.log(
    `  answer of ${words} words: whole ${bestWhole.toFixed(0)} µs, streamed ${bestStreamed.toFixed(0)} µs ` +
      `per call → streamed / whole ${(bestStreamed / bestWhole).toFixed(2)}`,
  );
}
console.log(`load after ${await loadAverage()}`);
