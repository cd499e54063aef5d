/**
 * The cost of masking secrets: 10 MB of text with 100 secrets (each found in all its encodings), the way
 * every output of a run passes through the redactor. Prints the median of several runs for ordinary text,
 * text holding the secrets, and text crafted to look like their beginnings.
 *
 *   npx tsx bench/redaction.ts [--mb 10] [--secrets 100]
 */
import { parseArgs } from 'node:util';
import { createRedactor } from '../src/core/redactor.js';
import { loadAverage } from './lib/run-cli.js';

const { values } = parseArgs({
  options: { mb: { type: 'string', default: '10' }, secrets: { type: 'string', default: '100' } },
});
const size = Number(values.mb) * 1_000_000;
const count = Number(values.secrets);
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const token = (length: number) =>
  Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz0123456789_-'[Math.floor(random() * 38)]).join('');
const secrets = Array.from({ length: count }, (_, i) => ({ name: `SECRET_${i}`, value: `sk-${token(28)}` }));
const redactor = createRedactor(secrets);

const words = 'the agent answered that net cash from operations was 206,588 in 2009 and 181,001 in 2008'.split(' ');
function text(salt: (i: number) => string): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const part = `${words[i % words.length]} ${salt(i)}`;
    parts.push(part);
    length += part.length;
  }
  return parts.join(' ');
}

const inputs: [string, string][] = [
  ['ordinary text', text(() => '')],
  ['text holding the secrets', text((i) => (i % 5000 === 0 ? (secrets[i % count]?.value ?? '') : ''))],
  ['text of secret prefixes', text((i) => `sk-${(secrets[i % count]?.value ?? '').slice(3, 12)}`)],
];

console.log(`redaction: ${values.mb} MB of text, ${count} secrets; load average ${await loadAverage()}`);
for (const [label, input] of inputs) {
  const times: number[] = [];
  let masks = 0;
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    const out = redactor.text(input);
    times.push(performance.now() - started);
    masks = out.split('***SECRET_').length - 1;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(`  ${label.padEnd(26)} median ${median.toFixed(1)} ms  (${masks} masked)`);
}
console.log('command: npx tsx bench/redaction.ts --mb 10 --secrets 100');
