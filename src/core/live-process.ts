/**
 * Whether a process a lock names is still the one that wrote it. A process id is reused once its process is
 * gone: where the system says when a process started (Linux's `/proc/<pid>/stat`), a lock keeps its process's
 * start, and a live process of that id that started at another time is another process. A lock written without
 * it (by an earlier holodeck) is held by a live process of that id only while it runs Node.
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * When the process started, as the system counts it (clock ticks since boot, as text), or null where the system
 * does not say (not Linux, no `/proc`).
 */
export function processStart(pid: number | 'self'): string | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // `pid (command) state ppid …`: the command may hold spaces and parentheses, so fields count from its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Field 22 of the line, the 20th after the command.
  const start = fields[19];
  return start !== undefined && /^\d+$/.test(start) ? start : null;
}

/**
 * The PID namespace this process runs in (Linux: `pid:[4026531836]`), null where the system does not say: a process
 * id is this machine's to check only for a lock written in the same namespace (not from another container).
 */
export function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

/** Whether `pid` is a live process of this machine, and the one that started at `start` when that is known. */
export function isLiveProcess(pid: number, start: string | null): boolean {
  if (pid === process.pid) return start === null || start === processStart('self');
  if (!exists(pid)) return false;
  const now = processStart(pid);
  if (start !== null && now !== null) return now === start;
  return start !== null || runsNode(pid);
}

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process runs Node (as holodeck does); true where its command line cannot be read. */
function runsNode(pid: number): boolean {
  let command: string;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return true;
  }
  const program = basename(command.split('\0')[0] ?? '');
  if (program === '') return true;
  return program === basename(process.execPath) || /node/i.test(program);
}
