/** A pass-rate bar below 1 that a single run cannot use: said before a run and by `validate`. */
import type { AgentConfig } from '../core/config-types.js';

export function idlePassRate(config: AgentConfig): string[] {
  const { repeat, min_pass_rate: rate } = config.execution;
  if (repeat > 1 || rate >= 1) return [];
  return [
    `min_pass_rate ${rate} has no effect with repeat 1: each test case runs once and passes only if that run passes (set --repeat N or execution.repeat to run it N times)`,
  ];
}
