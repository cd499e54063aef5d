import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentTable } from '../lib/convfinqa-record.js';
import { DocumentIndex, loadDocumentIndex } from '../lib/document-index.js';
import { createLookupTool, defaultDocumentFiles, lookup } from './lookup.js';

const TABLE: DocumentTable = {
  'year ended december 31 2009': { 'net income': 103102, 'net cash from operating activities': 206588 },
  'year ended december 31 2008': { 'net income': 104222, 'net cash from operating activities': 181001 },
  '2008 ( unaudited )': { 'net income': 'n/a' },
};

const tool = createLookupTool(async () => new DocumentIndex([{ id: 'Single_JKHY/2009/page_28.pdf-3', table: TABLE }]));

function find(row: unknown, column: unknown, documentId: unknown = 'Single_JKHY/2009/page_28.pdf-3'): Promise<unknown> {
  return Promise.resolve(tool.execute({ document_id: documentId, row, column }));
}

describe('lookup', () => {
  it('returns the cell by row label and column header', async () => {
    await expect(find('net cash from operating activities', 'year ended december 31 2009')).resolves.toBe(206588);
    await expect(find('net income', '2008 ( unaudited )')).resolves.toBe('n/a');
  });

  it('ignores case and spacing in labels and in the document id', async () => {
    await expect(
      find('Net  Cash from Operating Activities', 'Year Ended December 31, 2009'.replace(',', '')),
    ).resolves.toBe(206588);
    await expect(find('NET INCOME', '2008 (Unaudited)')).resolves.toBe('n/a');
    await expect(find('net income', 'year ended december 31 2008', 'single_jkhy/2009/page_28.pdf-3 ')).resolves.toBe(
      104222,
    );
  });

  it('accepts a part of a label that picks one row or column', async () => {
    await expect(find('net cash', 'december 31 2009')).resolves.toBe(206588);
  });

  it('accepts row and column given the wrong way round', async () => {
    await expect(find('year ended december 31 2008', 'net income')).resolves.toBe(104222);
  });

  it('accepts a number as a label', async () => {
    const years = createLookupTool(async () => new DocumentIndex([{ id: 'd', table: { '2009': { revenue: 5 } } }]));
    await expect(Promise.resolve(years.execute({ document_id: 'd', row: 'revenue', column: 2009 }))).resolves.toBe(5);
  });

  it('names the candidates when a label is ambiguous', async () => {
    await expect(find('net income', '2008')).rejects.toThrow(
      'column "2008" is ambiguous: it could be "year ended december 31 2008", "2008 ( unaudited )"',
    );
  });

  it('lists the labels when nothing matches', async () => {
    await expect(find('revenue', 'year ended december 31 2009')).rejects.toThrow(
      'no row matches "revenue"; the rows are "net income", "net cash from operating activities"',
    );
  });

  it('says when the row and column exist but the cell does not', async () => {
    await expect(find('net cash from operating activities', '2008 ( unaudited )')).rejects.toThrow(
      'the table has no cell',
    );
  });

  it('rejects an unknown document id', async () => {
    await expect(find('net income', '2009', 'Single_XYZ/2000/page_1.pdf')).rejects.toThrow(
      'unknown document_id "Single_XYZ/2000/page_1.pdf"',
    );
  });

  it('rejects arguments that are not text', async () => {
    await expect(find({ label: 'net income' }, '2009')).rejects.toThrow('argument "row" must be a string');
  });

  it('describes its arguments', () => {
    expect(tool.parameters).toMatchObject({ type: 'object', required: ['document_id', 'row', 'column'] });
  });
});

describe('lookup documents', () => {
  let directory = '';
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'convfinqa-lookup-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('reads the tables of the sample data files by default', async () => {
    const files = await defaultDocumentFiles({});
    expect(files.some((file) => file.endsWith('convfinqa_subset.json'))).toBe(true);
    await expect(
      Promise.resolve(
        lookup.execute({
          document_id: 'Single_MRO/2007/page_134.pdf-1',
          row: 'weighted average exercise price per share',
          column: '2007',
        }),
      ),
    ).resolves.toBe(60.94);
  });

  it('reads the files listed in CONVFINQA_DOCUMENTS, JSON or YAML, bare lists or test_cases', async () => {
    const first = join(directory, 'a.json');
    const second = join(directory, 'b.yaml');
    const turn = (id: string, value: number) => ({
      input: 'q',
      turn_config: { document_id: id, table: { '2009': { x: value } } },
    });
    await writeFile(first, JSON.stringify([{ name: 'a', turns: [turn('doc-a', 1)] }]));
    await writeFile(
      second,
      `test_cases:\n  - name: b\n    turns:\n      - input: q\n        turn_config: { document_id: doc-b, table: { "2009": { x: 2 } } }\n`,
    );
    const files = await defaultDocumentFiles({ CONVFINQA_DOCUMENTS: [first, second].join(delimiter) });
    expect(files).toEqual([first, second]);
    const index = await loadDocumentIndex(files);
    expect(index.size).toBe(2);
    expect(index.find('DOC-B')?.table).toEqual({ '2009': { x: 2 } });
  });

  it('skips test cases without a document and reports files that do not parse', async () => {
    const broken = join(directory, 'broken.json');
    await writeFile(broken, '{ not json');
    await expect(loadDocumentIndex([broken])).rejects.toThrow(`cannot parse the test-case file ${broken}`);
    const plain = join(directory, 'plain.json');
    await writeFile(
      plain,
      JSON.stringify({
        test_cases: [
          { name: 'x', input: 'hi' },
          { name: 'y', turns: [{ input: 'q', turn_config: { document_id: 'd', table: 'none' } }] },
        ],
      }),
    );
    expect((await loadDocumentIndex([plain])).size).toBe(0);
  });

  it('loads the documents once, and again after a failed load', async () => {
    let loads = 0;
    const flaky = createLookupTool(async () => {
      loads += 1;
      if (loads === 1) throw new Error('disk busy');
      return new DocumentIndex([{ id: 'd', table: { c: { r: 7 } } }]);
    });
    await expect(Promise.resolve(flaky.execute({ document_id: 'd', row: 'r', column: 'c' }))).rejects.toThrow(
      'disk busy',
    );
    await expect(Promise.resolve(flaky.execute({ document_id: 'd', row: 'r', column: 'c' }))).resolves.toBe(7);
    await expect(Promise.resolve(flaky.execute({ document_id: 'd', row: 'r', column: 'c' }))).resolves.toBe(7);
    expect(loads).toBe(2);
  });
});
