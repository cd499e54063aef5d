// CLI cold start: spawns `node dist/cli/main.js --help` repeatedly and prints the timings.
// Usage: npm run build && node bench/cli-startup.mjs [runs]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const runs = Number(process.argv[2] ?? 20);
const cli = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const times = [];
for (let i = 0; i < runs + 2; i++) {
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, [cli, '--help'], { encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (child.status !== 0) {
    console.error(child.stderr);
    process.exit(1);
  }
  if (i >= 2) times.push(ms); // the first two warm the file system cache
}
times.sort((a, b) => a - b);
const pick = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
const baseline = spawnTime(['-e', '0']);
console.log(`holodeck --help cold start over ${runs} runs (node ${process.version})`);
console.log(`  median ${pick(0.5).toFixed(1)} ms   p95 ${pick(0.95).toFixed(1)} ms   min ${times[0].toFixed(1)} ms`);
console.log(`  bare \`node -e 0\` for comparison: ${baseline.toFixed(1)} ms`);

function spawnTime(args) {
  const samples = [];
  for (let i = 0; i < 5; i++) {
    const started = process.hrtime.bigint();
    spawnSync(process.execPath, args);
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[2];
}
