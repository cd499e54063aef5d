import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileConfig } from '../core/config-types.js';
import { FileLoadError, loadTurnFiles } from './load-turn-files.js';

/** A minimal, valid one-page PDF showing `text` (offsets computed, so real PDF readers accept it). */
function buildPdf(lines: string[]): Uint8Array {
  const stream = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((l) => `(${l}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

let dir = '';
const file = (name: string, type: FileConfig['type']): FileConfig => ({
  path: join(dir, name),
  type,
  description: null,
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holodeck-files-'));
  await writeFile(join(dir, 'notes.md'), '# Net cash\n206,588 in 2009');
  await writeFile(join(dir, 'table.csv'), 'year,cash\n2009,206588\n2008,181001\n');
  await writeFile(join(dir, 'report.pdf'), buildPdf(['Net cash from operating activities', '2009: 206588']));
  await writeFile(join(dir, 'chart.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  await writeFile(join(dir, 'chart.bmp'), new Uint8Array([1, 2]));
  await writeFile(join(dir, 'broken.pdf'), 'not a pdf at all');
  await writeFile(join(dir, 'scan.pdf'), buildPdf([]));
  // Exported by a spreadsheet in Windows-1252: "Umsatz €" with the euro sign as 0x80.
  await writeFile(join(dir, 'cp1252.csv'), Buffer.from([...Buffer.from('year,Umsatz '), 0x80, 0x0a]));
  await writeFile(join(dir, 'bom.csv'), Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('year,cash\n')]));
});

describe('loadTurnFiles', () => {
  it('reads text-like files as text and keeps their type and name', async () => {
    const parts = await loadTurnFiles([file('notes.md', 'markdown'), file('table.csv', 'csv')]);
    expect(parts).toEqual([
      { kind: 'text', name: 'notes.md', file_type: 'markdown', text: '# Net cash\n206,588 in 2009' },
      { kind: 'text', name: 'table.csv', file_type: 'csv', text: 'year,cash\n2009,206588\n2008,181001\n' },
    ]);
  });

  it('reads a text file saved with a byte order mark without it', async () => {
    expect(await loadTurnFiles([file('bom.csv', 'csv')])).toEqual([
      { kind: 'text', name: 'bom.csv', file_type: 'csv', text: 'year,cash\n' },
    ]);
  });

  it("keeps a file's description, which the backends send with it", async () => {
    const [described, plain] = await loadTurnFiles([
      { ...file('notes.md', 'markdown'), description: 'the notes' },
      file('table.csv', 'csv'),
    ]);
    expect(described).toMatchObject({ kind: 'text', description: 'the notes' });
    expect(plain).not.toHaveProperty('description');
  });

  it('extracts the text of a PDF', async () => {
    const [part] = await loadTurnFiles([file('report.pdf', 'pdf')]);
    expect(part).toMatchObject({ kind: 'text', file_type: 'pdf' });
    expect(part!.kind === 'text' && part!.text).toMatch(/Net cash from operating activities\s+2009: 206588/);
  });

  it('sends images as bytes with their media type', async () => {
    const [part] = await loadTurnFiles([file('chart.png', 'image')]);
    expect(part).toMatchObject({ kind: 'image', name: 'chart.png', media_type: 'image/png' });
    expect(part!.kind === 'image' && Array.from(part!.data)).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  });

  it('names the file in every error', async () => {
    await expect(loadTurnFiles([file('missing.txt', 'text')])).rejects.toThrow(/cannot read file .*missing\.txt/);
    await expect(loadTurnFiles([file('chart.bmp', 'image')])).rejects.toThrow(
      /unsupported image format \.bmp for .*chart\.bmp: use png, jpg, gif or webp/,
    );
    await expect(loadTurnFiles([file('broken.pdf', 'pdf')])).rejects.toBeInstanceOf(FileLoadError);
    await expect(loadTurnFiles([file('cp1252.csv', 'csv')])).rejects.toThrow(
      /^cannot send .*cp1252\.csv: it is not UTF-8 text: byte 0x80 is not UTF-8 at line 1, column 13 — save the file as UTF-8 text$/,
    );
    await expect(loadTurnFiles([file('broken.pdf', 'pdf')])).rejects.toThrow(
      /cannot extract text from PDF .*broken\.pdf/,
    );
    // A PDF whose pages hold no text (a scan) would reach the model as an empty file.
    await expect(loadTurnFiles([file('scan.pdf', 'pdf')])).rejects.toThrow(
      /^cannot send PDF .*scan\.pdf: it holds no text \(a scan without a text layer\?\) — holodeck sends a PDF's text; attach its pages as images \(type: image\) instead$/,
    );
  });
});
