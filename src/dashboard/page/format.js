// @ts-check
/** Number, date and duration formatting for the page. */

/** @import { RunModel } from '../dashboard-types.js' */

const integer = new Intl.NumberFormat('en-US');

/** @param {number | null | undefined} n */
export function formatInt(n) {
  return typeof n === 'number' && Number.isFinite(n) ? integer.format(n) : '–';
}

/** @param {number | null | undefined} rate */
export function formatPercent(rate) {
  if (typeof rate !== 'number' || !Number.isFinite(rate)) return '–';
  const percent = rate * 100;
  if (percent === 100 || percent === 0) return `${percent.toFixed(0)}%`;
  const fixed = percent.toFixed(1);
  // 0.01% is not 0.0%, and 99.99% is not 100.0%.
  return `${Number(fixed) === 0 || Number(fixed) === 100 ? formatScore(percent) : fixed}%`;
}

/**
 * A score, threshold or delta: 1, 0.5, 0.333 (up to 3 decimals); a value that would round to 0 or to a whole
 * number it is not keeps the digits that tell it apart: 0.0004, 0.00012, 4e-7, 0.9996. The same rule as
 * src/dashboard/format-score.ts, which the server uses (the page cannot import TypeScript).
 * @param {number | null | undefined} score
 * @returns {string}
 */
export function formatScore(score) {
  if (typeof score !== 'number' || !Number.isFinite(score)) return '–';
  if (Number.isInteger(score)) return String(score);
  if (Math.abs(score) < 0.001) return String(Number(score.toPrecision(2)));
  for (let digits = 3; digits <= 6; digits += 1) {
    const rounded = Number(score.toFixed(digits));
    if (!Number.isInteger(rounded)) return String(rounded);
  }
  return String(Number(score.toPrecision(12)));
}

/**
 * A score shown beside its threshold, with the digits that tell them apart (0.49996 against 0.5); the same rule
 * as formatScoreAgainst in src/core/format-score.ts.
 * @param {number | null | undefined} score
 * @param {number | null} threshold
 * @returns {string}
 */
export function formatScoreAgainst(score, threshold) {
  const shown = formatScore(score);
  if (typeof score !== 'number' || threshold === null || score === threshold || shown !== formatScore(threshold)) {
    return shown;
  }
  for (let digits = 4; digits <= 16; digits += 1) {
    const rounded = String(Number(score.toFixed(digits)));
    if (rounded !== String(Number(threshold.toFixed(digits)))) return rounded;
  }
  return String(score);
}

/**
 * @param {number | null | undefined} delta
 * @param {(value: number) => string} [format]
 */
export function formatDelta(delta, format = formatScore) {
  if (typeof delta !== 'number' || !Number.isFinite(delta)) return '–';
  if (delta === 0) return '±0';
  return `${delta > 0 ? '+' : '−'}${format(Math.abs(delta))}`;
}

/** @param {number | null | undefined} ms */
export function formatDuration(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${Math.round(seconds % 60)}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** @param {number | null | undefined} n */
export function formatTokens(n) {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '–';
  if (n < 10_000) return integer.format(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 100_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(2)}M`;
}

/** @param {number} n */
export function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** @param {number} n */
function pad(n) {
  return String(n).padStart(2, '0');
}

/**
 * The browser's zone at a time, as the page writes it beside every local time: `UTC`, `UTC+14:00`, `UTC-08:00`
 * (run ids, Markdown, JUnit and JSON give UTC; a time without its zone beside them would read as another day).
 * @param {Date} date
 */
export function zoneLabel(date) {
  const offset = -date.getTimezoneOffset();
  if (offset === 0) return 'UTC';
  const minutes = Math.abs(offset);
  return `UTC${offset > 0 ? '+' : '-'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * A time in the browser's zone without the zone (`2026-12-02 12:30`, with `:05` when `seconds`), for the chart's
 * axis, which names the zone once; null when the ISO text does not parse.
 * @param {string | null | undefined} iso
 * @param {boolean} [seconds]
 * @returns {string | null}
 */
export function localTime(iso, seconds = false) {
  if (typeof iso !== 'string' || iso === '') return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const minute = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return seconds ? `${minute}:${pad(date.getSeconds())}` : minute;
}

/**
 * `2026-12-02 12:30:05 UTC+01:00`: local time to the second with its zone; the ISO text when it does not parse.
 * @param {string | null | undefined} iso
 */
export function formatDateTime(iso) {
  if (typeof iso !== 'string' || iso === '') return '–';
  const local = localTime(iso, true);
  return local === null ? iso : `${local} ${zoneLabel(new Date(iso))}`;
}

/** @param {string | null | undefined} commit */
export function shortCommit(commit) {
  return typeof commit === 'string' && commit !== '' ? commit.slice(0, 8) : '–';
}

/** @param {RunModel | null | undefined} model */
export function modelLabel(model) {
  if (!model) return '–';
  return model.provider ? `${model.provider}/${model.name}` : model.name;
}

/**
 * `N turns · P/N passed` for multi-turn cases, as the spec names it.
 * @param {number} turnCount
 * @param {number} passedTurns
 */
export function turnsLabel(turnCount, passedTurns) {
  return `${turnCount} turn${turnCount === 1 ? '' : 's'} · ${passedTurns}/${turnCount} passed`;
}

/**
 * How people read a turn: numbered from 1, with the conversation's length when known (`turn 2/4`). The same
 * rule as src/core/turn-label.ts, which the CLI and the server use (the page cannot import TypeScript). Data
 * keeps the 0-based `turn_index` (JSON, element ids, `?turn=` links).
 * @param {number} turnIndex
 * @param {number | null} [turnCount]
 */
export function turnLabel(turnIndex, turnCount = null) {
  const number = turnIndex + 1;
  return typeof turnCount === 'number' ? `turn ${number}/${turnCount}` : `turn ${number}`;
}

/**
 * JSON for display (pretty-printed); strings are shown as they are.
 * @param {unknown} value
 */
export function displayValue(value) {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Compact one-line JSON for arguments.
 * @param {unknown} value
 */
export function inlineValue(value) {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
