/**
 * Where a syntax error in an ES module is. Node's `import()` rejects with a bare `SyntaxError: Unexpected token`
 * that names no file — and the file may be one the module imports, not the module itself. `node --check` says
 * where (`/project/helpers.mjs:2`): the module and the files it imports by relative path are checked in turn,
 * in import order, until one fails. A `.js` file outside a `"type": "module"` package is checked as CommonJS first,
 * which Node 20 lets pass whatever follows an `export`; one that reads as an ES module is checked as one too.
 * Only run on that error path; bounded in files and time.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';

/** At most this many files are checked, each within CHECK_TIMEOUT_MS. */
const MAX_FILES = 40;
const CHECK_TIMEOUT_MS = 5000;
const JAVASCRIPT = new Set(['.js', '.mjs', '.cjs']);

/** `file:line` of the first syntax error found in `entry` or the JavaScript it imports; null when none is. */
export async function locateSyntaxError(entry: string): Promise<string | null> {
  const queue = [entry];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const file = queue.shift() as string;
    const place = await checkSyntax(file);
    if (place !== null) return place;
    for (const imported of await relativeImports(file)) {
      if (seen.size >= MAX_FILES) break;
      if (seen.has(imported) || !JAVASCRIPT.has(extname(imported))) continue;
      seen.add(imported);
      queue.push(imported);
    }
  }
  return null;
}

/** `file:line` when `node --check` refuses the file; null when it passes or cannot say. */
async function checkSyntax(file: string): Promise<string | null> {
  const place = await nodeCheck(['--check', file]);
  if (place !== null || extname(file) !== '.js') return place;
  const source = await readSource(file);
  if (source === null || !ES_MODULE_SYNTAX.test(source)) return null;
  const line = await nodeCheck(['--input-type=module', '--check'], source);
  return line?.startsWith('[stdin]:') ? `${file}${line.slice('[stdin]'.length)}` : null;
}

/** Import or export statements at the start of a line: the file reads as an ES module. */
const ES_MODULE_SYNTAX = /^\s*(?:import\s*[\w{*'"]|export\s)/m;

/** The first line of `node <args>`'s error when it says where (`/path:line`, `[stdin]:line`); null otherwise. */
function nodeCheck(args: readonly string[], input?: string): Promise<string | null> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      args,
      { timeout: CHECK_TIMEOUT_MS, windowsHide: true, maxBuffer: 1 << 20 },
      (error, _stdout, stderr) => {
        if (error === null) return done(null);
        const first = String(stderr).split('\n', 1)[0] ?? '';
        done(/^(?:(?:file:\/\/)?(?:\/|[A-Za-z]:\\)\S*|\[stdin\]):\d+$/.test(first) ? first : null);
      },
    );
    if (input !== undefined) {
      child.stdin?.on('error', () => {}); // a child that exits early closes its input: the answer comes above
      child.stdin?.end(input);
    }
  });
}

async function readSource(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/** The files a module imports by relative path (static imports, re-exports, literal dynamic imports). */
async function relativeImports(file: string): Promise<string[]> {
  const source = await readSource(file);
  if (source === null) return [];
  const found: string[] = [];
  const pattern = /\b(?:from|import)\s*\(?\s*(['"])(\.{1,2}\/[^'"\n]+)\1/g;
  for (const match of source.matchAll(pattern)) found.push(resolve(dirname(file), match[2] as string));
  return found;
}
