/**
 * Each session's private folders: Claude Code keeps its config, transcripts, caches and sockets under
 * HOME, CLAUDE_CONFIG_DIR and TMPDIR, so all of them point here and the whole tree goes when the session
 * closes.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';

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
  const root = await mkdtemp(join(parent, 'holodeck-claude-'));
  const dirs: ScratchDirs = {
    root,
    home: join(root, 'home'),
    config: join(root, 'home', '.claude'),
    tmp: join(root, 'tmp'),
    work: join(root, 'work'),
  };
  try {
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
