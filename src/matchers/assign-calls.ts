/**
 * `distinct_calls`: each actual call satisfies at most one `expected_tools` entry. Entry `e` needs `count`
 * calls of its own among the calls that satisfy it; the calls are handed out by a maximum bipartite matching
 * (augmenting paths, Kuhn's algorithm generalised to entries that need several calls), so as many entry
 * demands as possible are met whatever order the entries are listed in.
 *
 * Entries are served in a canonical order — fewest satisfying calls first, then the one asserting more
 * arguments, then by their text — and each
 * tries calls in call order. The size of the matching (and so whether every entry is satisfied) never depends
 * on that order; the order only decides, when the calls cannot serve every entry, which one goes short, and
 * makes that choice the same for any listing of the same entries.
 */

export interface Demand {
  /** Calls (indices into the turn's invocations) that satisfy the entry, in call order. */
  readonly satisfying: readonly number[];
  /** Calls the entry needs (0: takes none). */
  readonly count: number;
  /** How many arguments the entry asserts: the more specific entry is served first on ties. */
  readonly asserted_args: number;
  /** Tie-break between entries with as many satisfying calls: the entry as written. */
  readonly key: string;
}

/** For each demand, the calls assigned to it, in call order. */
export function assignCalls(demands: readonly Demand[]): number[][] {
  const owner = new Map<number, number>();
  const order = demands
    .map((demand, position) => ({ demand, position }))
    .filter(({ demand }) => demand.count > 0 && demand.satisfying.length > 0)
    .sort(
      (x, y) =>
        x.demand.satisfying.length - y.demand.satisfying.length ||
        y.demand.asserted_args - x.demand.asserted_args ||
        compareText(x.demand.key, y.demand.key) ||
        x.position - y.position,
    );
  for (const { demand, position } of order) {
    for (let slot = 0; slot < demand.count; slot++) {
      if (!augment(position, demands, owner, new Set())) break;
    }
  }
  const assigned: number[][] = demands.map(() => []);
  for (const [call, position] of owner) assigned[position]?.push(call);
  for (const calls of assigned) calls.sort((a, b) => a - b);
  return assigned;
}

/**
 * Finds a call for one more unit of entry `position`: a free satisfying call, or one whose owner can move to
 * another free call (recursively). Each call is visited once per search, so a search is linear in the edges.
 */
function augment(position: number, demands: readonly Demand[], owner: Map<number, number>, seen: Set<number>): boolean {
  for (const call of demands[position]?.satisfying ?? []) {
    if (seen.has(call)) continue;
    seen.add(call);
    const current = owner.get(call);
    if (current === position) continue;
    if (current === undefined || augment(current, demands, owner, seen)) {
      owner.set(call, position);
      return true;
    }
  }
  return false;
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
