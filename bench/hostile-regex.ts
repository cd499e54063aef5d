/**
 * Time of the linear-time regex engine on hostile agent output: patterns that backtrack catastrophically
 * in JavaScript's RegExp, against 100 KB of text that defeats them.
 *   npx tsx bench/hostile-regex.ts
 */
import { compileLinearRegex } from '../src/matchers/linear-regex.js';

const hostile = `${'a'.repeat(100_000)}!`;
const patterns = ['(a+)+$', '(\\w+\\s?)*$', '(a|aa)+$', '(.*a){12}$'];

process.stdout.write(`input: ${hostile.length} characters ('a' × 100000 + '!')\n`);
for (const pattern of patterns) {
  const compiled = compileLinearRegex(pattern);
  if (!compiled.ok) throw new Error(`${pattern}: ${compiled.reason}`);
  for (const [mode, match] of [
    ['full match', compiled.regex.fullMatch],
    ['search', compiled.regex.search],
  ] as const) {
    const times: number[] = [];
    let result = false;
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      result = match(hostile);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `${pattern.padEnd(14)} ${mode.padEnd(10)} → ${String(result).padEnd(5)} median ${times[2]?.toFixed(1)} ms\n`,
    );
  }
}
process.stdout.write('command: npx tsx bench/hostile-regex.ts\n');
