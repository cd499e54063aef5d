/**
 * Finding a cell of a column-major table by row label and column header, tolerant of what a model types:
 * case and spacing are ignored (`"( unaudited )"` = `"(Unaudited)"`), a label that uniquely contains or is
 * contained in the given text is accepted (`"2009"` for `"year ended december 31 2009"`), and row and
 * column given the wrong way round are accepted.
 */
import type { DocumentTable } from './convfinqa-record.js';
import { tableRows } from './render-document.js';

/** No cell matches, or the labels are ambiguous; the message lists the candidates so a model can retry. */
export class LookupError extends Error {
  readonly code = 'LOOKUP_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'LookupError';
  }
}

export function normaliseLabel(label: string): string {
  return label.toLowerCase().replace(/\s+/g, '');
}

type Resolution = { readonly ok: true; readonly label: string } | { readonly ok: false; readonly problem: string };

/** Picks the label meant by `wanted`: exact after normalising, else the only one containing or contained in it. */
export function resolveLabel(wanted: string, labels: readonly string[], kind: 'row' | 'column'): Resolution {
  const key = normaliseLabel(wanted);
  const exact = labels.filter((label) => normaliseLabel(label) === key);
  if (exact.length >= 1) return { ok: true, label: exact[0] as string };
  const partial =
    key === ''
      ? []
      : labels.filter((label) => {
          const candidate = normaliseLabel(label);
          return candidate !== '' && (candidate.includes(key) || key.includes(candidate));
        });
  if (partial.length === 1) return { ok: true, label: partial[0] as string };
  const shown = (list: readonly string[]): string => list.map((label) => JSON.stringify(label)).join(', ');
  if (partial.length > 1) {
    return { ok: false, problem: `${kind} ${JSON.stringify(wanted)} is ambiguous: it could be ${shown(partial)}` };
  }
  return { ok: false, problem: `no ${kind} matches ${JSON.stringify(wanted)}; the ${kind}s are ${shown(labels)}` };
}

export function lookupCell(table: DocumentTable, row: string, column: string): number | string {
  const columns = Object.keys(table);
  const rows = tableRows(table);
  let rowMatch = resolveLabel(row, rows, 'row');
  let columnMatch = resolveLabel(column, columns, 'column');
  if (!rowMatch.ok || !columnMatch.ok) {
    const swappedRow = resolveLabel(column, rows, 'row');
    const swappedColumn = resolveLabel(row, columns, 'column');
    if (swappedRow.ok && swappedColumn.ok) {
      rowMatch = swappedRow;
      columnMatch = swappedColumn;
    }
  }
  if (!rowMatch.ok) throw new LookupError(rowMatch.problem);
  if (!columnMatch.ok) throw new LookupError(columnMatch.problem);
  const value = table[columnMatch.label]?.[rowMatch.label];
  if (value === undefined) {
    throw new LookupError(
      `the table has no cell for row ${JSON.stringify(rowMatch.label)} in column ${JSON.stringify(columnMatch.label)}`,
    );
  }
  return value;
}
