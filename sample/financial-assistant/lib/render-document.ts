/**
 * Renders a ConvFinQA document for the first turn's input: the text before the table, the table as a
 * Markdown grid (one line per row label, one column per header), and the text after it. Columns and rows
 * keep the dataset's order when the dataset was read with `parseJsonKeepingOrder` (years as written, 2007
 * before 2006, where a JavaScript object lists them ascending).
 */
import type { DocumentTable } from './convfinqa-record.js';
import { keysInOrder } from './parse-json-keeping-order.js';

export interface DocumentParts {
  readonly id: string;
  readonly pre_text: string;
  readonly post_text: string;
  readonly table: DocumentTable;
}

/** Row labels in order of first appearance across the columns. */
export function tableRows(table: DocumentTable): string[] {
  const rows = new Set<string>();
  for (const column of keysInOrder(table)) {
    for (const row of keysInOrder(table[column] ?? {})) rows.add(row);
  }
  return [...rows];
}

function cellText(value: string | number | undefined): string {
  if (value === undefined) return '';
  return escapeCell(typeof value === 'number' ? String(value) : value);
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

export function renderTable(table: DocumentTable): string {
  const columns = keysInOrder(table);
  if (columns.length === 0) return '(the document has no table)';
  const header = `| row | ${columns.map(escapeCell).join(' | ')} |`;
  const rule = `| --- | ${columns.map(() => '---').join(' | ')} |`;
  const lines = tableRows(table).map(
    (row) => `| ${escapeCell(row)} | ${columns.map((column) => cellText(table[column]?.[row])).join(' | ')} |`,
  );
  return [header, rule, ...lines].join('\n');
}

/** Text the dataset uses for "no text here". */
function isEmptyText(text: string): boolean {
  return text.trim() === '' || text.trim() === '.';
}

/** The document block, then the question, with both clearly delimited. */
export function renderFirstTurnInput(document: DocumentParts, question: string): string {
  const sections = [
    `Document id: ${document.id}`,
    '',
    '=== DOCUMENT ===',
    isEmptyText(document.pre_text) ? null : `${document.pre_text.trim()}\n`,
    `Table (look a cell up with lookup(document_id: "${document.id}", row: <row label>, column: <column header>)):`,
    renderTable(document.table),
    isEmptyText(document.post_text) ? null : `\n${document.post_text.trim()}`,
    '=== END OF DOCUMENT ===',
    '',
    `Question: ${question.trim()}`,
  ];
  return sections.filter((section): section is string => section !== null).join('\n');
}
