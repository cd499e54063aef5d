/**
 * How people read a turn: numbered from 1, with the length of the conversation when known (`turn 2/4`).
 * Machine-readable output (JSON `turn_index`, config paths `turns[1]`) keeps the 0-based index.
 */
export function turnLabel(turnIndex: number, turnCount: number | null = null): string {
  return turnCount === null ? `turn ${turnIndex + 1}` : `turn ${turnIndex + 1}/${turnCount}`;
}
