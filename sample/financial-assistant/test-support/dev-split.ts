/**
 * The ConvFinQA dev split for the tests: `CONVFINQA_SOURCE` if set, else the copy shipped with the sample
 * (`convfinqa/convfinqa_dev.json`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseJsonKeepingOrder } from '../lib/parse-json-keeping-order.js';

const SHIPPED = fileURLToPath(new URL('../convfinqa/convfinqa_dev.json', import.meta.url));

export function devSplitPath(): string {
  const configured = process.env['CONVFINQA_SOURCE'];
  const path = configured !== undefined && configured !== '' ? configured : SHIPPED;
  if (!existsSync(path)) {
    throw new Error(`the ConvFinQA dev split is not at ${path}; set CONVFINQA_SOURCE to convfinqa_dataset.json`);
  }
  return path;
}

let cached: unknown = null;

/** The parsed dataset (`{ dev: [...] }`, tables in the order written), read once per test file. */
export function loadDevDataset(): unknown {
  cached ??= parseJsonKeepingOrder(readFileSync(devSplitPath(), 'utf8'));
  return cached;
}

/** The dev records as plain JSON, for tests that corrupt a copy. */
export function devRecords(): Array<Record<string, unknown>> {
  return (loadDevDataset() as { dev: Array<Record<string, unknown>> }).dev;
}
