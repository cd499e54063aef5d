// Preloaded into the CLI by bench/call-path-cpu.ts (`node --import`): on exit, writes the CPU time of the
// process's main thread and of the whole process (microseconds) as JSON to the file named by
// HOLODECK_BENCH_CPU_FILE. The main thread's comes from /proc (Linux, clock ticks); elsewhere it is null.
import { readFileSync } from 'node:fs';
import { reportOnExit } from './report-on-exit.mjs';

reportOnExit('HOLODECK_BENCH_CPU_FILE', () => {
  const usage = process.resourceUsage();
  return { main_us: mainThreadMicros(), process_us: usage.userCPUTime + usage.systemCPUTime };
});

function mainThreadMicros() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10_000 : null;
  } catch {
    return null;
  }
}
