/**
 * What the AI SDK's `generateText` spends on the prompt it is given, per message, on every call: it converts
 * and validates the whole history (zod) before each model call, which is why holodeck runs the tool loop itself
 * over the provider model's `doGenerate` and converts each message once (src/backends/ai-sdk/run-model-attempt.ts).
 * A model that answers at once (the AI SDK's MockLanguageModelV3) is called with histories of a short and a long
 * length, made of tool-loop steps (a question, a tool call, its result, an answer); the difference in CPU time per
 * call over the difference in messages is the cost of one more message. Each length keeps its least CPU time
 * over the rounds, since other work on the machine only adds to it.
 *
 *   npx tsx bench/generate-text-prompt-cpu.ts --short 8 --long 200 --calls 300 --rounds 5
 */
import { parseArgs } from 'node:util';
import { generateText, jsonSchema, type ModelMessage, type ToolSet, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { loadAverage } from './lib/run-cli.js';

const { values } = parseArgs({
  options: {
    short: { type: 'string', default: '8' },
    long: { type: 'string', default: '200' },
    calls: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '5' },
  },
});
const calls = Number(values.calls);
const rounds = Number(values.rounds);

/** `length` messages of tool-loop steps: question, tool call, tool result, answer, again and again. */
function history(length: number): ModelMessage[] {
  const messages: ModelMessage[] = [];
  for (let step = 0; messages.length < length; step++) {
    const id = `call_${step}`;
    const args = {
      document_id: 'Single_JKHY/2009/page_28.pdf-3',
      row: 'net cash from operating activities',
      column: '2009',
    };
    messages.push(
      { role: 'user', content: `what is the net cash from operating activities in ${2000 + step}?` },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: id, toolName: 'lookup', input: args }] },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: id, toolName: 'lookup', output: { type: 'json', value: 206588 } }],
      },
      { role: 'assistant', content: `The net cash from operating activities in ${2000 + step} was 206,588.` },
    );
  }
  return messages.slice(0, length);
}

const model = new MockLanguageModelV3({
  doGenerate: async () => ({
    content: [{ type: 'text', text: 'ok' }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 1, text: 1, reasoning: undefined },
    },
    warnings: [],
  }),
});
const tools: ToolSet = {
  lookup: tool({
    description: 'A cell of the table by row and column',
    inputSchema: jsonSchema<Record<string, unknown>>({
      type: 'object',
      properties: { document_id: { type: 'string' }, row: { type: 'string' }, column: { type: 'string' } },
      required: ['row', 'column'],
    }),
  }),
};

/** CPU time of one generateText call with this history, in microseconds. */
async function cpuPerCall(messages: ModelMessage[]): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    await generateText({ model, messages, tools, maxRetries: 0 });
    model.doGenerateCalls.length = 0;
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

const short = history(Number(values.short));
const long = history(Number(values.long));
await cpuPerCall(short);
await cpuPerCall(long);
let bestShort = Number.POSITIVE_INFINITY;
let bestLong = Number.POSITIVE_INFINITY;
for (let round = 0; round < rounds; round++) {
  bestShort = Math.min(bestShort, await cpuPerCall(short));
  bestLong = Math.min(bestLong, await cpuPerCall(long));
}
const perMessage = (bestLong - bestShort) / (long.length - short.length);
console.log(
  `generateText CPU per call by history length; ${calls} calls × ${rounds} rounds; load ${await loadAverage()}`,
);
console.log(
  `  ${short.length} messages: ${bestShort.toFixed(0)} µs; ${long.length} messages: ${bestLong.toFixed(0)} µs`,
);
console.log(`  → ${perMessage.toFixed(1)} µs per message of the history, on every model call`);
