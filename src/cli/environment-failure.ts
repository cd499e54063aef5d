/**
 * Failures of the environment holodeck runs in, not of the project or of holodeck: the current folder deleted
 * under the shell, the limit on open files reached. Said in one line that names the cause and the fix, instead
 * of a Node stack trace that blames whichever call met it first.
 */
import { EXIT, type ExitCode } from './exit-codes.js';

export interface EnvironmentFailure {
  /** One line: the cause, then what to do. */
  readonly message: string;
  /** 2 for a folder to run from that is gone (nothing ran), 3 for a limit met on the way. */
  readonly exitCode: ExitCode;
}

/** The failure `error` stands for when it comes from the environment; null for any other error. */
export function environmentFailure(error: unknown): EnvironmentFailure | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, syscall, path } = error as { code?: unknown; syscall?: unknown; path?: unknown };
  if (code === 'ENOENT' && syscall === 'uv_cwd') return { message: GONE_FOLDER, exitCode: EXIT.config };
  if (code === 'EMFILE') {
    const limit = openFileLimit();
    const shown = limit === null ? 'the limit on open files, ulimit -n, is reached' : `ulimit -n is ${limit}`;
    const what = typeof path === 'string' ? ` while opening ${path}` : '';
    return {
      message: `too many open files (${shown})${what}: raise the limit (ulimit -n 4096) and run again`,
      exitCode: EXIT.runtime,
    };
  }
  if (code === 'ENFILE') {
    return {
      message:
        'the system has too many files open (ENFILE, the limit of the whole machine): close some programs and run again',
      exitCode: EXIT.runtime,
    };
  }
  return null;
}

const GONE_FOLDER =
  'the current folder no longer exists (it was deleted after the shell entered it): cd to a folder that exists and run again';

/** Why holodeck cannot run from the current folder (it no longer exists), or null when it can. */
export function currentFolderProblem(): string | null {
  try {
    process.cwd();
    return null;
  } catch (error) {
    return environmentFailure(error)?.message ?? `the current folder cannot be read: ${String(error)}`;
  }
}

/**
 * The soft limit on this process's open files (`ulimit -n`), or null where it is not known. Read from Node's
 * diagnostic report, which asks the system without opening a file: there may be none left to open.
 */
export function openFileLimit(): number | null {
  try {
    const report = process.report?.getReport() as { userLimits?: { open_files?: { soft?: unknown } } } | undefined;
    const soft = report?.userLimits?.open_files?.soft;
    return typeof soft === 'number' ? soft : null;
  } catch {
    return null;
  }
}
