/**
 * Each session's private folders: Claude Code keeps its config, transcripts, caches and sockets under
 * HOME, CLAUDE_CONFIG_DIR and TMPDIR, so all of them point here and the whole tree goes when the session
 * closes. Each names the holodeck process that made it (`owner.json`: its pid, when it started, its PID namespace,
 * as run locks do), so a later run removes the folders of a holodeck that was killed before it could.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecord } from '../../core/is-record.js';
import { isLiveProcess, pidNamespace, processStart } from '../../core/live-process.js';

const PREFIX = 'holodeck-claude-';
const OWNER_FILE = 'owner.json';

export interface ScratchDirs {
  readonly root: string;
  readonly home: string;
  /** CLAUDE_CONFIG_DIR */
  readonly config: string;
  readonly tmp: string;
  /** The agent's working directory. */
  readonly work: string;
}

export async function createScratchDirs(parent: string): Promise<ScratchDirs> {
  const root = await mkdtemp(join(parent, PREFIX));
  const dirs: ScratchDirs = {
    root,
    home: join(root, 'home'),
    config: join(root, 'home', '.claude'),
    tmp: join(root, 'tmp'),
    work: join(root, 'work'),
  };
  try {
    const owner = { pid: process.pid, start: processStart('self'), pid_namespace: pidNamespace() };
    await writeFile(join(root, OWNER_FILE), JSON.stringify(owner), { mode: 0o600 });
    await Promise.all([dirs.config, dirs.tmp, dirs.work].map((dir) => mkdir(dir, { recursive: true, mode: 0o700 })));
  } catch (error) {
    await removeScratchDirs(dirs);
    throw error;
  }
  return dirs;
}

export async function removeScratchDirs(dirs: ScratchDirs): Promise<void> {
  await rm(dirs.root, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
}

/**
 * Removes the scratch folders in `parent` whose holodeck process is gone (killed before it could remove them), and
 * returns how many. A folder of another PID namespace (a container sharing the folder), or without its owner (one
 * being made, or made by an earlier holodeck), is left alone.
 */
export async function removeOrphanScratchDirs(parent: string): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(parent)).filter((name) => name.startsWith(PREFIX));
  } catch {
    return 0;
  }
  const namespace = pidNamespace();
  const orphans = await Promise.all(
    names.map(async (name) => {
      const owner = await readOwner(join(parent, name));
      if (owner === null || owner.pid_namespace !== namespace) return false;
      if (isLiveProcess(owner.pid, owner.start)) return false;
      await rm(join(parent, name), { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
      return true;
    }),
  );
  return orphans.filter(Boolean).length;
}

interface Owner {
  readonly pid: number;
  readonly start: string | null;
  readonly pid_namespace: string | null;
}

async function readOwner(root: string): Promise<Owner | null> {
  try {
    const value: unknown = JSON.parse(await readFile(join(root, OWNER_FILE), 'utf8'));
    if (!isRecord(value) || typeof value['pid'] !== 'number' || !Number.isInteger(value['pid'])) return null;
    const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : null);
    return { pid: value['pid'], start: text('start'), pid_namespace: text('pid_namespace') };
  } catch {
    return null;
  }
}
