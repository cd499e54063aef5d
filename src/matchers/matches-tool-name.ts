/** Tool-name matching: the actual name contains the expected one, case-sensitively (`mcp__fin__subtract` ⊇ `subtract`). */
export function matchesToolName(expected: string, actual: string): boolean {
  return actual.includes(expected);
}
