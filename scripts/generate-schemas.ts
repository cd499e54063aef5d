/**
 * Writes the JSON Schemas that ship with the package, generated from the zod schemas.
 *   npx tsx scripts/generate-schemas.ts          write the files
 *   npx tsx scripts/generate-schemas.ts --check  exit 1 when a committed file is out of date
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { agentJsonSchema, renderJsonSchema, testCasesFileJsonSchema } from '../src/config/agent-json-schema.js';

interface SchemaOutput {
  /** Relative to the repository root. */
  readonly file: string;
  readonly render: () => string;
}

/** One entry per shipped schema. */
const SCHEMA_OUTPUTS: readonly SchemaOutput[] = [
  { file: 'schema/agent.schema.json', render: () => renderJsonSchema(agentJsonSchema()) },
  { file: 'schema/test-cases.schema.json', render: () => renderJsonSchema(testCasesFileJsonSchema()) },
];

const root = fileURLToPath(new URL('..', import.meta.url));

async function main(check: boolean): Promise<number> {
  let stale = 0;
  for (const output of SCHEMA_OUTPUTS) {
    const path = `${root}${output.file}`;
    const text = output.render();
    const current = await readFile(path, 'utf8').catch(() => null);
    if (current === text) continue;
    if (check) {
      process.stderr.write(`${output.file} is out of date: run npx tsx scripts/generate-schemas.ts\n`);
      stale++;
    } else {
      await writeFile(path, text);
      process.stdout.write(`wrote ${output.file}\n`);
    }
  }
  return stale > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.includes('--check'));
