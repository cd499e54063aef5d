/** Claude Code processes this test process started and that are still alive (Linux /proc). */
import { readdirSync, readFileSync } from 'node:fs';

export function claudeChildren(): readonly number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (comm === 'claude' && state !== 'Z' && Number(ppid) === process.pid) children.push(Number(entry));
  }
  return children;
}

/** Waits until no Claude Code child is left; false when some are still running after `ms`. */
export async function noClaudeChildrenWithin(ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (claudeChildren().length > 0) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
