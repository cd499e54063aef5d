/**
 * Writes the files of a new project into a folder, never over anything: when one of them (or a folder it
 * needs) already exists, nothing is written — except a file marked `extend` (a `.gitignore`), which, when it
 * exists, keeps what it holds and gets the lines it lacks added at its end. A write that fails half-way
 * removes what it wrote and puts an extended file back as it was.
 */

import { lstat, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { makeFolder } from '../../reporters/make-folder.js';

export interface FileToWrite {
  /** Relative, `/`-separated. */
  readonly path: string;
  readonly content: string;
  /** An existing file is kept and given the lines of `content` it lacks (comments aside). */
  readonly extend?: boolean;
}

export type WriteOutcome =
  | {
      readonly kind: 'written';
      readonly paths: readonly string[];
      /** Files marked `extend` that existed: each with the lines added to it (none when it had them all). */
      readonly extended: ReadonlyMap<string, readonly string[]>;
    }
  /** Relative paths that are already there, in the order of the files. */
  | { readonly kind: 'exists'; readonly paths: readonly string[] }
  | { readonly kind: 'failed'; readonly message: string };

type Entry = 'missing' | 'file' | 'folder';

async function entryAt(path: string): Promise<Entry> {
  try {
    return (await lstat(path)).isDirectory() ? 'folder' : 'file';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw error;
  }
}

/** The sub-folders the files need, parents first. */
function foldersOf(files: readonly FileToWrite[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = posix
      .dirname(file.path)
      .split('/')
      .filter((part) => part !== '.');
    for (let i = 1; i <= parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  return [...folders];
}

async function conflicts(dir: string, files: readonly FileToWrite[]): Promise<string[]> {
  const found: string[] = [];
  for (const folder of foldersOf(files)) {
    if ((await entryAt(join(dir, folder))) === 'file') found.push(folder);
  }
  for (const file of files) {
    const entry = await entryAt(join(dir, file.path));
    if (entry === 'folder' || (entry === 'file' && file.extend !== true)) found.push(file.path);
  }
  return found;
}

function describeError(error: unknown): string {
  const err = error as NodeJS.ErrnoException;
  const reasons: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOTDIR: 'a part of the path is a file, not a folder',
    ENOSPC: 'no space left on the device',
    EEXIST: 'already exists',
  };
  return (err.code !== undefined && reasons[err.code]) || err.message;
}

function pathOf(error: unknown, fallback: string): string {
  return (error as NodeJS.ErrnoException).path ?? fallback;
}

export async function writeProjectFiles(dir: string, files: readonly FileToWrite[]): Promise<WriteOutcome> {
  try {
    if ((await entryAt(dir)) === 'file') return { kind: 'failed', message: `${dir} is a file, not a folder` };
    const existing = await conflicts(dir, files);
    if (existing.length > 0) return { kind: 'exists', paths: existing };
  } catch (error) {
    return { kind: 'failed', message: `cannot read ${pathOf(error, dir)}: ${describeError(error)}` };
  }
  const createdFolders: string[] = [];
  const written: string[] = [];
  const originals = new Map<string, string>();
  const extended = new Map<string, readonly string[]>();
  try {
    for (const folder of [dir, ...foldersOf(files).map((f) => join(dir, f))]) {
      if ((await entryAt(folder)) === 'missing') {
        await makeFolder(folder);
        createdFolders.push(folder);
      }
    }
    for (const file of files) {
      const path = join(dir, file.path);
      if (file.extend === true && (await entryAt(path)) === 'file') {
        const original = await readFile(path, 'utf8');
        const added = missingLines(original, file.content);
        extended.set(file.path, added);
        if (added.length === 0) continue;
        originals.set(path, original);
        const separator = original === '' || original.endsWith('\n') ? '' : '\n';
        await writeFile(path, `${original}${separator}${added.join('\n')}\n`);
        continue;
      }
      await writeFile(path, file.content, { flag: 'wx' });
      written.push(path);
    }
    return { kind: 'written', paths: files.map((file) => file.path), extended };
  } catch (error) {
    for (const [path, original] of originals) await writeFile(path, original).catch(() => undefined);
    await undo(written, createdFolders);
    const message = `cannot write ${pathOf(error, dir)}: ${describeError(error)}; nothing was written`;
    return { kind: 'failed', message };
  }
}

/**
 * The lines of `content` (comments and blank lines aside) that `existing` does not hold. An ignore pattern is the
 * same with or without its slashes (`node_modules`, `node_modules/`, `/node_modules/`), as git reads them for a
 * folder.
 */
function missingLines(existing: string, content: string): string[] {
  const pattern = (line: string) => line.trim().replace(/^\/+|\/+$/g, '');
  const have = new Set(existing.split(/\r?\n/).map(pattern));
  return content
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !have.has(pattern(line)));
}

/** Best effort: removes the files written and the folders created (only if they are empty again). */
async function undo(written: readonly string[], createdFolders: readonly string[]): Promise<void> {
  for (const path of written) await rm(path, { force: true }).catch(() => undefined);
  for (const folder of [...createdFolders].reverse()) await rmdir(folder).catch(() => undefined);
}
