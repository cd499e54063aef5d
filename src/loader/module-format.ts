/**
 * Whether Node runs a TypeScript file as CommonJS: `.cts` always, `.mts` never, `.ts` when the nearest
 * package.json does not say `"type": "module"` (or there is none), as for `.js`.
 */
import { readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

const typeOfFolder = new Map<string, 'module' | 'commonjs'>();

export function runsAsCommonJs(file: string): boolean {
  const extension = extname(file);
  if (extension === '.cts') return true;
  if (extension === '.mts') return false;
  return packageTypeOf(dirname(file)) === 'commonjs';
}

/**
 * Whether Node runs a JavaScript or TypeScript file as CommonJS (`.cjs`, `.cts`; `.js`, `.ts` and their `x`
 * forms by the nearest package.json), as ES module (`.mjs`, `.mts`, or those under `"type": "module"`); null for
 * another extension.
 */
export function isCommonJsFile(file: string): boolean | null {
  const extension = extname(file);
  if (extension === '.cjs' || extension === '.cts') return true;
  if (extension === '.mjs' || extension === '.mts') return false;
  if (!['.js', '.jsx', '.ts', '.tsx'].includes(extension)) return null;
  return packageTypeOf(dirname(file)) === 'commonjs';
}

function packageTypeOf(folder: string): 'module' | 'commonjs' {
  const known = typeOfFolder.get(folder);
  if (known !== undefined) return known;
  const type = declaredType(folder) ?? (dirname(folder) === folder ? 'commonjs' : packageTypeOf(dirname(folder)));
  typeOfFolder.set(folder, type);
  return type;
}

/** The `type` the folder's package.json declares (commonjs when it has none), or null without a package.json. */
function declaredType(folder: string): 'module' | 'commonjs' | null {
  let text: string;
  try {
    text = readFileSync(join(folder, 'package.json'), 'utf8');
  } catch {
    return null;
  }
  try {
    const manifest = JSON.parse(text) as { type?: unknown } | null;
    return manifest !== null && typeof manifest === 'object' && manifest.type === 'module' ? 'module' : 'commonjs';
  } catch {
    // Node refuses to load a module under a package.json that is not JSON; tsx reports it on import.
    return 'commonjs';
  }
}
