/**
 * Young-generation sizes under `--workers`. V8 doubles a thread's young generation (up to 32 MiB) each time
 * enough objects have survived it, so over a long run every thread's ends at its maximum, and each counts in the
 * process's resident size. A case worker's is capped when it starts (resourceLimits) and starts at its cap.
 * The main thread's, configured before any code runs, can only be held through V8's growth factor, which is
 * process-wide and which V8 sets back to 2 whenever it configures a new isolate (a worker thread starting). So
 * the main thread holds it while the command loads, then lets it grow to COORDINATOR_YOUNG_MB and holds it
 * there, checking again as each case finishes (after a new thread started, it may grow one step at most).
 * The main thread only schedules and reports: 8 MiB is room enough (−20 MiB peak RSS with two workers,
 * bench:workers). Users who size the young generation themselves win.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** Each case worker's young generation, in MiB: its cap, and its size from its start. */
export const CASE_WORKER_YOUNG_MB = 4;
/** The main thread's young generation under workers, in MiB. */
export const COORDINATOR_YOUNG_MB = 8;

const USER_FLAGS = /^--(max-semi-space-size|min-semi-space-size|semi-space-growth-factor)\b/;

export function nurseriesAreOurs(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return ![...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((flag) => USER_FLAGS.test(flag));
}

/**
 * Whether `holodeck test` is asked for case workers (`--workers`, or HOLODECK_WORKERS), read before the command is parsed: the
 * main thread's young generation grows while the command's modules load, so it is held from the first line.
 * Only memory depends on this reading; the command's own parsing decides how many workers run.
 */
export function workersAsked(args: readonly string[], env: NodeJS.ProcessEnv): boolean {
  // Only `holodeck test` runs cases (`holodeck test view` serves the dashboard).
  if (args[0] !== 'test' || args[1] === 'view') return false;
  let asked: string | undefined = env['HOLODECK_WORKERS'];
  args.forEach((arg, at) => {
    if (arg === '--workers') asked = args[at + 1];
    else if (arg.startsWith('--workers=')) asked = arg.slice('--workers='.length);
  });
  return asked !== undefined && /^\s*[1-9]\d*\s*$/.test(asked) && Number(asked) > 1;
}

/** Stops young generations from growing (while the command loads). */
export function holdNurseries(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

/** Before case workers start: they begin with their whole young generation (two semi-spaces). */
export function sizeWorkerNurseries(): void {
  setFlagsFromString(`--min-semi-space-size=${CASE_WORKER_YOUNG_MB / 2}`);
}

/** Lets this thread's young generation grow until COORDINATOR_YOUNG_MB, and holds it from there. */
export function growCoordinatorNursery(): void {
  const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
  setFlagsFromString(`--semi-space-growth-factor=${young >= COORDINATOR_YOUNG_MB * 1024 * 1024 ? 1 : 2}`);
}
