/** A parsed configuration file: its plain data, and positions of its nodes for error messages. */
import type { SourceLocation } from '../core/errors.js';
import type { ConfigPath, PendingIssue } from './pending-issue.js';

export interface SourceDocument {
  /** Absolute path. */
  readonly file: string;
  readonly data: unknown;
  /**
   * The position of the value at `path` (`key`: of its key; `parent`: of the mapping holding it). When the
   * path does not exist in the file, the nearest ancestor that does.
   */
  locate(path: ConfigPath, target: 'value' | 'key' | 'parent'): SourceLocation;
}

export type SourceParse =
  | { readonly ok: true; readonly document: SourceDocument }
  | { readonly ok: false; readonly issues: readonly PendingIssue[] };

/** 1-based line and column of an offset, from the offsets at which lines start. */
export function positionOf(lineStarts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (lineStarts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - lineStarts[low]! + 1 };
}

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  let index = text.indexOf('\n');
  while (index !== -1) {
    starts.push(index + 1);
    index = text.indexOf('\n', index + 1);
  }
  return starts;
}
