/**
 * The `.json` files (and `.partial.jsonl` logs) under a results folder that the dashboard does not read as runs,
 * each with why: a run is `<agent-slug>/<name>.json` (or its log) and nothing else, so a record saved elsewhere in
 * the folder — a re-downloaded artifact `2026-…Z (1).json`, a run moved into `agent/old/` — would otherwise be
 * missing from the list without a word. Hidden files and folders (`.x.json.123.tmp`, `.git/`) are not looked at.
 */
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** A file not read as a run: its path in the results folder (with `/`) and why it is not read. */
export interface UnreadFile {
  readonly path: string;
  readonly reason: string;
}

/** The files not read, the first MAX_LISTED of them named. */
export interface UnreadFiles {
  readonly total: number;
  readonly files: readonly UnreadFile[];
}

export const MAX_LISTED = 100;
/** Subfolders are looked into this deep below the results folder, and at most this many entries in all. */
const MAX_DEPTH = 4;
const MAX_ENTRIES = 10_000;

export const REASONS = {
  outsideAgentFolder: 'not in an agent folder: runs are read from <agent>/<timestamp>.json',
  badFileName: 'not a run name: a run file is named with letters, digits, ".", "_" and "-" only (rename it to list it)',
  badFolderName:
    'in a folder whose name is not an agent folder name (letters, digits, ".", "_" and "-" only): runs are read from <agent>/<timestamp>.json',
  subfolder: 'in a subfolder of an agent folder: runs are read from <agent>/<timestamp>.json only',
  link: 'a symbolic link: links are not followed, so nothing outside the results folder is read',
  notAFile: 'not a regular file',
} as const;

/** A file name that looks like a record or a log of one. */
export function looksLikeRunFile(name: string): boolean {
  return !name.startsWith('.') && (name.endsWith('.json') || name.endsWith('.partial.jsonl'));
}

/** Collects unread files as the scan finds them, and walks folders that hold no runs for more of them. */
export class UnreadCollector {
  readonly #files: UnreadFile[] = [];
  #total = 0;
  #entries = 0;

  add(path: string, reason: string): void {
    this.#total += 1;
    if (this.#files.length < MAX_LISTED) this.#files.push({ path, reason });
  }

  /** A run-looking entry of a folder that is not read: a link, a special file, or a name that is not a run's. */
  entry(entry: Dirent, path: string, badName: string): void {
    if (!looksLikeRunFile(entry.name)) return;
    if (entry.isSymbolicLink()) this.add(path, REASONS.link);
    else if (!entry.isFile()) this.add(path, REASONS.notAFile);
    else this.add(path, badName);
  }

  /** Every run-looking file in `dir` and below it (`rel`: its path in the results folder), said `reason`. */
  async walk(dir: string, rel: string, reason: string, depth: number): Promise<void> {
    if (depth > MAX_DEPTH || this.#entries >= MAX_ENTRIES) return;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      this.#entries += 1;
      if (this.#entries > MAX_ENTRIES || entry.name.startsWith('.')) continue;
      const path = `${rel}/${entry.name}`;
      if (entry.isDirectory()) await this.walk(join(dir, entry.name), path, reason, depth + 1);
      else this.entry(entry, path, reason);
    }
  }

  result(): UnreadFiles {
    return { total: this.#total, files: [...this.#files].sort((a, b) => (a.path < b.path ? -1 : 1)) };
  }
}
