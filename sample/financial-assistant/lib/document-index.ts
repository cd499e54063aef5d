/**
 * The document tables the `lookup` tool reads, taken from converted test-case files: the converter stores
 * each dialogue's table in its first turn's `turn_config` (`document_id`, `table`).
 */
import { readFile } from 'node:fs/promises';
import type { DocumentTable } from './convfinqa-record.js';
import { loadYaml } from './load-yaml.js';
import { normaliseLabel } from './table-lookup.js';

export interface IndexedDocument {
  readonly id: string;
  readonly table: DocumentTable;
}

export class DocumentIndex {
  private readonly byKey = new Map<string, IndexedDocument>();

  constructor(documents: Iterable<IndexedDocument>) {
    for (const document of documents) this.byKey.set(normaliseLabel(document.id), document);
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The document with this id, ignoring case and spacing. */
  find(id: string): IndexedDocument | undefined {
    return this.byKey.get(normaliseLabel(id));
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTable(value: unknown): value is DocumentTable {
  return (
    isRecord(value) &&
    Object.values(value).every(
      (cells) =>
        isRecord(cells) && Object.values(cells).every((cell) => typeof cell === 'number' || typeof cell === 'string'),
    )
  );
}

/** The documents of a parsed test-case file (`{ test_cases: [...] }` or a bare list); other entries are ignored. */
export function documentsFromTestCases(parsed: unknown): IndexedDocument[] {
  const cases = isRecord(parsed) ? parsed['test_cases'] : parsed;
  if (!Array.isArray(cases)) return [];
  const documents: IndexedDocument[] = [];
  for (const testCase of cases) {
    const turns = isRecord(testCase) ? testCase['turns'] : undefined;
    const first: unknown = Array.isArray(turns) ? turns[0] : undefined;
    const config = isRecord(first) ? first['turn_config'] : undefined;
    if (!isRecord(config)) continue;
    const id = config['document_id'];
    const table = config['table'];
    if (typeof id === 'string' && isTable(table)) documents.push({ id, table });
  }
  return documents;
}

/** Reads test-case files (JSON, or YAML by extension) into one index; a later file wins on a repeated id. */
export async function loadDocumentIndex(paths: readonly string[]): Promise<DocumentIndex> {
  const documents: IndexedDocument[] = [];
  for (const path of paths) {
    const text = await readFile(path, 'utf8');
    const yaml = /\.ya?ml$/i.test(path) ? await loadYaml(`reading the test-case file ${path}`) : null;
    let parsed: unknown;
    try {
      parsed = yaml === null ? JSON.parse(text) : yaml.parse(text);
    } catch (error) {
      throw new Error(`cannot parse the test-case file ${path}: ${(error as Error).message}`);
    }
    documents.push(...documentsFromTestCases(parsed));
  }
  return new DocumentIndex(documents);
}
