/**
 * Which `Host` headers the dashboard answers, so that a web page on another name (DNS rebinding: a name the
 * attacker controls, pointed at 127.0.0.1) cannot read the API from the user's browser. Bound to one address, it
 * answers that address and the loopback names; bound to every interface (`--host 0.0.0.0`), the names a user
 * reaches it by from another machine — an IP address, which no rebinding name is, or this machine's host name —
 * and loopback. The port is the server's, or none when it is 80 (a browser leaves the default port out).
 */
import { isIP } from 'node:net';
import { hostname } from 'node:os';

export const WILDCARD_HOSTS: ReadonlySet<string> = new Set(['0.0.0.0', '::', '']);

const LOOPBACK = ['127.0.0.1', 'localhost', '::1'];

export function hostChecker(
  boundHost: string,
  port: number,
  machine: string = hostname(),
): (header: string) => boolean {
  const wildcard = WILDCARD_HOSTS.has(boundHost);
  const names = new Set(
    [...LOOPBACK, boundHost, ...(wildcard ? [machine, machine.split('.')[0] ?? ''] : [])]
      .filter((name) => name !== '')
      .map((name) => name.toLowerCase()),
  );
  return (header) => {
    const parsed = parseHost(header.toLowerCase());
    if (parsed === null) return false;
    const portFits = parsed.port === null ? port === 80 : parsed.port === port;
    return portFits && (names.has(parsed.name) || (wildcard && isIP(parsed.name) !== 0));
  };
}

/** `[::1]:8600` → `::1` and 8600; `localhost` → `localhost` and null; null when it is no host. */
function parseHost(header: string): { name: string; port: number | null } | null {
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(header);
  if (match === null) return null;
  return { name: match[1] ?? match[2] ?? '', port: match[3] === undefined ? null : Number(match[3]) };
}
