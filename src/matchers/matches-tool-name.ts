import type { ToolNameMatch } from '../core/config-types.js';

/**
 * Tool-name matching, case-sensitive: by default the actual name contains the expected one
 * (`mcp__fin__subtract` ⊇ `subtract`); with `exact` the two are equal.
 */
export function matchesToolName(expected: string, actual: string, mode: ToolNameMatch = 'substring'): boolean {
  return mode === 'exact' ? actual === expected : actual.includes(expected);
}
