/**
 * The `process.kill` targets that reach the holodeck process itself: its pid, 0 (its own process group), -1
 * (every process it may signal) and minus its process group's id — `process.kill(-process.pid)` when holodeck
 * leads its group, as when started from a terminal. User code may signal other processes, never these.
 */
import { readFileSync } from 'node:fs';

let group: number | null | undefined;

/** This process's group id, from /proc on Linux; null where that cannot be read. */
function ownGroup(): number | null {
  if (group !== undefined) return group;
  try {
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so read after the last ')'.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const value = Number(fields[2]);
    group = Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    group = null;
  }
  return group;
}

/** The pid as `process.kill` reads it, read once (a value whose `valueOf` changes cannot slip past the check). */
export function killTarget(pid: unknown): number {
  return typeof pid === 'number' ? pid : Number(pid);
}

export function reachesOwnProcess(pid: number): boolean {
  if (pid === process.pid || pid === 0 || pid === -1 || pid === -process.pid) return true;
  return pid < 0 && -pid === ownGroup();
}
