/**
 * `lookup({ document_id, row, column })`: one cell of a document's table.
 *
 * The first turn of every test case names its document id; the tables come from the converted test-case
 * files in the sample's `data/` folder (or the files listed in `CONVFINQA_DOCUMENTS`, separated like PATH).
 */
import { readdir } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolDefinition } from '../../../src/index.js';
import { type DocumentIndex, loadDocumentIndex } from '../lib/document-index.js';
import { LookupError, lookupCell } from '../lib/table-lookup.js';

export type DocumentSource = () => Promise<DocumentIndex>;

const PARAMETERS = {
  type: 'object',
  properties: {
    document_id: { type: 'string', description: 'The document id given at the top of the document.' },
    row: { type: 'string', description: 'The row label, as in the first column of the table.' },
    column: { type: 'string', description: 'The column header, as in the header line of the table.' },
  },
  required: ['document_id', 'row', 'column'],
  additionalProperties: false,
} as const;

function text(args: Readonly<Record<string, unknown>>, name: string): string {
  const value = args[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new LookupError(`argument "${name}" must be a string`);
}

/** A lookup tool reading its tables from `documents` (called on first use, then cached). */
/** A tool that needs no call context, so tests can call it with its arguments alone. */
type ContextFreeTool = ToolDefinition & { readonly execute: (args: Record<string, unknown>) => Promise<unknown> };

export function createLookupTool(documents: DocumentSource): ContextFreeTool {
  let index: Promise<DocumentIndex> | null = null;
  const load = (): Promise<DocumentIndex> => {
    index ??= documents().catch((error: unknown) => {
      index = null;
      throw error;
    });
    return index;
  };
  return {
    description:
      "Returns one cell of the current document's table, by row label and column header " +
      '(case and spacing do not matter). Use it to read the numbers the question needs.',
    parameters: PARAMETERS,
    execute: async (args) => {
      const documentId = text(args, 'document_id');
      const document = (await load()).find(documentId);
      if (document === undefined) {
        // Said to the model (the id it was given) and to whoever reads the report (where documents come from).
        throw new LookupError(
          `unknown document_id ${JSON.stringify(documentId)}; use the id given with the document (documents are read from the test cases in the sample's data/ folder, or the files listed in CONVFINQA_DOCUMENTS)`,
        );
      }
      return lookupCell(document.table, text(args, 'row'), text(args, 'column'));
    },
  };
}

const DATA_DIRECTORY = fileURLToPath(new URL('../data/', import.meta.url));

/** The test-case files to read: `CONVFINQA_DOCUMENTS` if set, else every JSON/YAML file in `data/`. */
export async function defaultDocumentFiles(
  environment: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string[]> {
  const listed = environment['CONVFINQA_DOCUMENTS'];
  if (listed !== undefined && listed.trim() !== '') {
    return listed.split(delimiter).filter((path) => path.trim() !== '');
  }
  const names = await readdir(DATA_DIRECTORY);
  return names.filter((name) => /\.(json|ya?ml)$/i.test(name)).map((name) => join(DATA_DIRECTORY, name));
}

export const lookup = createLookupTool(async () => loadDocumentIndex(await defaultDocumentFiles()));
