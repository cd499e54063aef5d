// Preloaded into the CLI by the benchmarks (`node --import`): on exit, writes the process's peak resident
// set size (kilobytes) and CPU time (microseconds) as JSON to the file named by HOLODECK_BENCH_RSS_FILE.
import { reportOnExit } from './report-on-exit.mjs';

reportOnExit('HOLODECK_BENCH_RSS_FILE', () => {
  const usage = process.resourceUsage();
  return { max_rss_kib: usage.maxRSS, cpu_us: usage.userCPUTime + usage.systemCPUTime };
});
