/**
 * The workloads both tools run, and the sizes a run picks (`--workloads`,
 * `--scale`). Every case-based workload asks the fake for one code per turn (see `compare-cases.ts`).
 */

export type WorkloadKind = 'help' | 'first-request' | 'cases';

export interface Workload {
  readonly id: string;
  readonly kind: WorkloadKind;
  /** Test cases (conversations); 1 for `first-request`, 0 for `help`. */
  readonly cases: number;
  readonly turns: number;
  readonly latency_ms: number;
  /** `-j` of holodeck, `--max-concurrency` of promptfoo. */
  readonly parallel: number;
}

export const WORKLOADS: readonly Workload[] = [
  { id: 'help', kind: 'help', cases: 0, turns: 0, latency_ms: 0, parallel: 1 },
  { id: 'first-request', kind: 'first-request', cases: 1, turns: 1, latency_ms: 0, parallel: 1 },
  { id: 'zero-1000', kind: 'cases', cases: 1000, turns: 1, latency_ms: 0, parallel: 16 },
  { id: 'zero-5000', kind: 'cases', cases: 5000, turns: 1, latency_ms: 0, parallel: 32 },
  { id: 'latency-400', kind: 'cases', cases: 400, turns: 1, latency_ms: 200, parallel: 32 },
  { id: 'conversations-100', kind: 'cases', cases: 100, turns: 4, latency_ms: 200, parallel: 32 },
];

/**
 * The workloads named in `ids` (all when empty), in the table's order, case counts multiplied by `scale`
 * (at least 1). An unknown id is an error naming the known ones.
 */
export function selectWorkloads(ids: readonly string[], scale: number): Workload[] {
  const known = new Set(WORKLOADS.map((w) => w.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new Error(`unknown workload ${unknown.join(', ')}: choose from ${[...known].join(', ')}`);
  }
  return WORKLOADS.filter((w) => ids.length === 0 || ids.includes(w.id)).map((w) =>
    w.kind === 'cases' ? { ...w, cases: Math.max(1, Math.round(w.cases * scale)) } : w,
  );
}

/** The run's duration if the tool cost nothing: `ceil(cases / parallel) × turns × latency`. */
export function idealMs(workload: Workload): number {
  return Math.ceil(workload.cases / workload.parallel) * workload.turns * workload.latency_ms;
}

/** The table's first column, e.g. `1,000 single-turn cases, 0 ms, -j 16`. */
export function figureOf(workload: Workload): string {
  const cases = workload.cases.toLocaleString('en-US');
  switch (workload.kind) {
    case 'help':
      return '`--help`';
    case 'first-request':
      return 'process start → first model request (1 case)';
    case 'cases': {
      const what = workload.turns === 1 ? `${cases} single-turn cases` : `${cases} × ${workload.turns} turns`;
      const ideal = workload.latency_ms > 0 ? ` (ideal ${(idealMs(workload) / 1000).toFixed(1)} s)` : '';
      return `${what}, ${workload.latency_ms} ms, -j ${workload.parallel}${ideal}`;
    }
  }
}
