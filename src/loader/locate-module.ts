/** Decides whether a module specifier names a file (relative to a folder) or a package. */
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, isAbsolute, resolve } from 'node:path';

export type ModuleLocation =
  | { readonly kind: 'file'; readonly path: string }
  | {
      readonly kind: 'package';
      readonly specifier: string;
      readonly base_dir: string;
      /** The file that was looked for first, for the message when the package is missing too. */
      readonly path: string;
    }
  /** `folder`: the path is a folder, not a module file. */
  | { readonly kind: 'missing'; readonly path: string; readonly folder?: true };

/** Extensions tried, in order, when a path is written without one. */
export const MODULE_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'] as const;

const PACKAGE_SPECIFIER = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*(\/.+)?$/i;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function isFileNow(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}

/**
 * `./x.ts`, `../x`, `/abs/x.ts` are paths; a bare `graders/x.ts` is a path when that file exists beside the
 * config, else a package specifier (`my-graders`, `@scope/pkg/sub`).
 */
export async function locateModule(specifier: string, baseDir: string): Promise<ModuleLocation> {
  const path = resolve(baseDir, specifier);
  for (const candidate of candidates(path)) {
    if (await isFile(candidate)) return { kind: 'file', path: candidate };
  }
  return notAFile(specifier, baseDir, path);
}

/** What a module that is not there is, as messages say it: a missing file, or a folder named instead of a file. */
export function missingMessage(location: { readonly path: string; readonly folder?: true }): string {
  return location.folder === true
    ? `${location.path} is a folder, not a module file: name the file in it (e.g. graders/answer.ts:grade)`
    : `file not found: ${location.path}`;
}

/** locateModule with synchronous file checks (a few `stat`s), for a caller that must not yield meanwhile. */
export function locateModuleNow(specifier: string, baseDir: string): ModuleLocation {
  const path = resolve(baseDir, specifier);
  const found = candidates(path).find(isFileNow);
  return found === undefined ? notAFile(specifier, baseDir, path) : { kind: 'file', path: found };
}

function candidates(path: string): string[] {
  return extname(path) === '' ? [path, ...MODULE_EXTENSIONS.map((ext) => path + ext)] : [path];
}

function notAFile(specifier: string, baseDir: string, path: string): ModuleLocation {
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory() === true) return { kind: 'missing', path, folder: true };
  const pathLike = specifier.startsWith('.') || isAbsolute(specifier);
  if (!pathLike && PACKAGE_SPECIFIER.test(specifier)) return { kind: 'package', specifier, base_dir: baseDir, path };
  return { kind: 'missing', path };
}
