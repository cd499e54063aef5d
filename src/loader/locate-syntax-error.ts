/**
 * Where a syntax error in an ES module is. Node's `import()` rejects with a bare `SyntaxError: Unexpected token`
 * that names no file — and the file may be one the module imports, not the module itself. `node --check` says
 * where (`/project/helpers.mjs:2`): the module and the files it imports by relative path are checked in turn,
 * in import order, until one fails. Only run on that error path; bounded in files and time.
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
function checkSyntax(file: string): Promise<string | null> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--check', file],
      { timeout: CHECK_TIMEOUT_MS, windowsHide: true, maxBuffer: 1 << 20 },
      (error, _stdout, stderr) => {
        if (error === null) return done(null);
        const first = String(stderr).split('\n', 1)[0] ?? '';
        done(/^(?:file:\/\/)?(?:\/|[A-Za-z]:\\)\S*:\d+$/.test(first) ? first : null);
      },
    );
  });
}

/** The files a module imports by relative path (static imports, re-exports, literal dynamic imports). */
async function relativeImports(file: string): Promise<string[]> {
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  const found: string[] = [];
  const pattern = /\b(?:from|import)\s*\(?\s*(['"])(\.{1,2}\/[^'"\n]+)\1/g;
  for (const match of source.matchAll(pattern)) found.push(resolve(dirname(file), match[2] as string));
  return found;
}
