/**
 * Converts ConvFinQA dialogues into holodeck multi-turn test cases.
 *
 *   npx tsx scripts/convert_convfinqa.ts --source convfinqa_dataset.json --split dev --n 10 \
 *     --out data/convfinqa_subset.json
 *
 * Exit codes: 0 written; 2 usage error, unreadable source or malformed records (nothing is written).
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { convertDataset, type Selection } from '../lib/convert-dataset.js';
import { DEFAULT_GRADER, type TestCaseEntry } from '../lib/convert-record.js';
import { loadYaml, YamlMissingError } from '../lib/load-yaml.js';
import { parseJsonKeepingOrder } from '../lib/parse-json-keeping-order.js';

export interface ConverterIo {
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

const USAGE = `usage: convert_convfinqa.ts --source <convfinqa_dataset.json> --out <file.json|file.yaml>
                           [--split dev] [--n N | --ids id1,id2,...] [--grader path.ts:export]

  --source  the ConvFinQA dataset ({"dev": [...]} or with other splits)
  --out     where to write the test cases; YAML when it ends in .yaml or .yml, JSON otherwise
  --split   the split to read (default: dev)
  --n       convert the first N dialogues (default: all)
  --ids     convert these dialogues, by id, in this order (comma-separated)
  --grader  the code grader named in the metrics of yes/no turns, relative to agent.yaml
            (default: ${DEFAULT_GRADER})
`;

/** Wrong or missing options: reported with the usage text. */
class UsageError extends Error {}

/** A source that cannot be read or parsed. */
class InputError extends Error {}

interface Options {
  readonly source: string;
  readonly out: string;
  readonly selection: Selection;
}

function readOptions(argv: readonly string[]): Options | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      source: { type: 'string' },
      out: { type: 'string' },
      split: { type: 'string', default: 'dev' },
      n: { type: 'string' },
      ids: { type: 'string' },
      grader: { type: 'string', default: DEFAULT_GRADER },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help === true) return 'help';
  if (values.source === undefined) throw new UsageError('--source is required');
  if (values.out === undefined) throw new UsageError('--out is required');
  if (values.n !== undefined && values.ids !== undefined) throw new UsageError('use either --n or --ids, not both');
  const first = values.n === undefined ? null : Number(values.n);
  if (first !== null && (!Number.isInteger(first) || first < 1)) {
    throw new UsageError(`--n must be a positive integer, got "${values.n}"`);
  }
  const ids =
    values.ids === undefined
      ? null
      : values.ids
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean);
  if (ids !== null && ids.length === 0) throw new UsageError('--ids needs at least one id');
  if (!/^\s*\S.*:\s*[A-Za-z_$][\w$]*\s*$/.test(values.grader)) {
    throw new UsageError(`--grader must be "path/to/file.ts:exportName", got "${values.grader}"`);
  }
  return {
    source: values.source,
    out: values.out,
    selection: { split: values.split, first, ids, grader: values.grader },
  };
}

/** The test cases as the file `out` holds them: YAML when it ends in .yaml or .yml, JSON otherwise. */
export async function serialise(testCases: readonly TestCaseEntry[], out: string): Promise<string> {
  if (!/\.ya?ml$/i.test(out)) return `${JSON.stringify({ test_cases: testCases }, null, 2)}\n`;
  try {
    const yaml = await loadYaml(`writing --out ${out}`);
    return yaml.stringify({ test_cases: testCases }, { lineWidth: 0 });
  } catch (error) {
    if (error instanceof YamlMissingError) throw new InputError(error.message);
    throw error;
  }
}

async function readDataset(cwd: string, path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new InputError(`cannot read --source ${path}: ${reason}`);
  }
  try {
    return parseJsonKeepingOrder(text);
  } catch (error) {
    throw new InputError(`--source ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

async function writeAtomically(path: string, shown: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'EISDIR' ? 'it is a folder' : code === 'ENOENT' ? 'its folder cannot be made' : (error as Error).message;
    throw new InputError(`cannot write --out ${shown}: ${reason}`);
  }
}

function isUsageError(error: unknown): error is Error {
  if (error instanceof UsageError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

/** Runs the converter; returns the exit code. */
export async function runConverter(argv: readonly string[], io: ConverterIo): Promise<number> {
  try {
    const options = readOptions(argv);
    if (options === 'help') {
      io.stdout(USAGE);
      return 0;
    }
    const dataset = await readDataset(io.cwd, options.source);
    const result = convertDataset(dataset, options.selection);
    if (!result.ok) {
      for (const error of result.errors) io.stderr(`error: ${error}\n`);
      io.stderr(`nothing written (${result.errors.length} error${result.errors.length === 1 ? '' : 's'})\n`);
      return 2;
    }
    if (result.test_cases.length === 0) {
      io.stderr('error: the split holds no records: nothing written\n');
      return 2;
    }
    const out = resolve(io.cwd, options.out);
    await writeAtomically(out, options.out, await serialise(result.test_cases, options.out));
    const cases = result.test_cases.length === 1 ? '1 test case' : `${result.test_cases.length} test cases`;
    const turns = result.turn_count === 1 ? '1 turn' : `${result.turn_count} turns`;
    io.stdout(`wrote ${cases} (${turns}) to ${options.out}\n`);
    return 0;
  } catch (error) {
    if (error instanceof InputError) {
      io.stderr(`error: ${error.message}\n`);
      return 2;
    }
    if (!isUsageError(error)) throw error;
    io.stderr(`error: ${error.message}\n\n${USAGE}`);
    return 2;
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const code = await runConverter(process.argv.slice(2), {
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
  process.exitCode = code;
}
