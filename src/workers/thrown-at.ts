/**
 * Where user code threw, as `graders/check.mjs:3:11` (relative to the working folder): the first frame of the
 * error's stack in the module the call ran (a TypeScript module's own lines, tsx mapping them). Null when no frame
 * is there (a throw from a library it called, or no stack at all).
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const FRAME = /\(?((?:file:\/\/)?[^\s()]+?):(\d+):(\d+)\)?$/;

export function thrownAt(error: unknown, file: string): string | null {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  for (const line of stack.split('\n').slice(1)) {
    const frame = FRAME.exec(line.trim());
    if (frame === null) continue;
    const [, where = '', row, column] = frame;
    let path = where;
    try {
      if (path.startsWith('file://')) path = fileURLToPath(path);
    } catch {
      continue;
    }
    if (path === file) return `${relative(process.cwd(), path) || path}:${row}:${column}`;
  }
  return null;
}
