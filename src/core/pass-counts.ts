/** The passes of one test case or turn over its repeats (`--repeat N`), with pass@k and pass^k. */
import { passAtKList, passHatKList } from './pass-at-k.js';
import type { PassCounts } from './results.js';
import type { Status } from './status.js';

/** Counts over the statuses of n ≥ 1 repeats; only `passed` is a pass. */
export function passCounts(statuses: readonly Status[]): PassCounts {
  const runs = statuses.length;
  const passed = statuses.filter((s) => s === 'passed').length;
  return {
    runs,
    passed,
    failed: statuses.filter((s) => s === 'failed').length,
    errored: statuses.filter((s) => s === 'error').length,
    skipped: statuses.filter((s) => s === 'skipped').length,
    pass_rate: runs === 0 ? 0 : passed / runs,
    flaky: passed > 0 && passed < runs,
    pass_at_k: runs === 0 ? [] : passAtKList(runs, passed),
    pass_hat_k: runs === 0 ? [] : passHatKList(runs, passed),
  };
}
