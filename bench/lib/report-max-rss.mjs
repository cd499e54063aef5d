// Preloaded into the CLI by the benchmarks (`node --import`): on exit, writes the process's peak resident
// set size (kilobytes) and CPU time (microseconds) as JSON to the file named by HOLODECK_BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const target = process.env.HOLODECK_BENCH_RSS_FILE;
if (target) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(
      target,
      JSON.stringify({ max_rss_kib: usage.maxRSS, cpu_us: usage.userCPUTime + usage.systemCPUTime }),
    );
  });
}
