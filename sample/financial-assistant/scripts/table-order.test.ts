/**
 * The table the agent sees keeps the dataset's column and row order: years as written (2007, 2006, 2005),
 * not sorted ascending as a JavaScript object lists integer-like keys. The order is read from the raw
 * dataset text here, independently of the converter.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestCaseEntry } from '../lib/convert-record.js';
import { devSplitPath } from '../test-support/dev-split.js';
import { runConverter } from './convert_convfinqa.js';

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
/** A table object whose values are flat objects of cells, as every ConvFinQA table is. */
const TABLE = new RegExp(String.raw`"table": \{((?:[^{}"]|${STRING}|\{(?:[^{}"]|${STRING})*\})*)\}`, 'g');
const COLUMN = new RegExp(String.raw`(${STRING}): \{((?:[^{}"]|${STRING})*)\}`, 'g');
const ROW = new RegExp(`(${STRING}): `, 'g');

interface RawTable {
  readonly columns: string[];
  readonly rows: string[];
}

/** Every table of the raw dataset text, in record order, with columns and rows in the order written. */
function rawTables(text: string): RawTable[] {
  return [...text.matchAll(TABLE)].map(([, body = '']) => {
    const columns: string[] = [];
    const rows = new Set<string>();
    for (const [, column = '', cells = ''] of body.matchAll(COLUMN)) {
      columns.push(JSON.parse(column) as string);
      for (const [, row = ''] of cells.matchAll(ROW)) rows.add(JSON.parse(row) as string);
    }
    return { columns, rows: [...rows] };
  });
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** The header cells and the row labels of the Markdown table in a first turn's input. */
function renderedTable(input: string): RawTable {
  const lines = input.split('\n').filter((line) => line.startsWith('| '));
  const cells = (line: string) => line.slice(2, -2).split(/ (?<!\\)\| /);
  const [header = '', , ...rows] = lines;
  return { columns: cells(header).slice(1), rows: rows.map((line) => cells(line)[0] ?? '') };
}

describe('the converted table keeps the dataset order', () => {
  it('shows every table of the dev split with its columns and rows as the dataset writes them', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'convfinqa-order-'));
    try {
      const io = { cwd: directory, stdout: () => {}, stderr: (text: string) => expect(text).toBe('') };
      expect(await runConverter(['--source', devSplitPath(), '--out', 'all.json'], io)).toBe(0);
      const cases = JSON.parse(await readFile(join(directory, 'all.json'), 'utf8')).test_cases as TestCaseEntry[];
      const raw = rawTables(await readFile(devSplitPath(), 'utf8'));
      expect(raw).toHaveLength(cases.length);
      const first = renderedTable(cases[0]?.turns[0]?.input ?? '');
      expect(cases[0]?.name).toBe('Single_MRO/2007/page_134.pdf-1');
      expect(first.columns).toEqual(['2007', '2006', '2005']);
      expect(first.columns).toEqual(raw[0]?.columns);
      cases.forEach((testCase, index) => {
        const expected = raw[index] as RawTable;
        const shown = renderedTable(testCase.turns[0]?.input ?? '');
        expect(shown.columns, testCase.name).toEqual(expected.columns.map(cell));
        expect(shown.rows, testCase.name).toEqual(expected.rows.map(cell));
      });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
