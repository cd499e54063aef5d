/**
 * A time limit's number as a timeout message names it (`60`, `1.5`, `1001` for 1000.9999999999999 ms): to three
 * decimals, and a limit under 0.001 to three significant digits (`0.0004`, `5e-324`), never rounded to `0` or a
 * bare `0.`. The unit is the caller's.
 */
export function formatLimitNumber(value: number): string {
  if (value === 0 || Math.abs(value) >= 0.001 || !Number.isFinite(value)) return String(Number(value.toFixed(3)));
  // Three significant digits take off the noise of a unit conversion (0.00039999999999999996 is 0.0004).
  return String(Number(value.toPrecision(3)));
}
