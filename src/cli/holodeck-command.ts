/**
 * How a printed command should start: `npx holodeck` when this CLI runs from a `node_modules` folder (a
 * project's own install puts no `holodeck` on the PATH; npx finds a local or global one alike), or from a
 * checkout of holodeck itself run from inside it (`node dist/cli/main.js`, `npm run sample`: npx runs the
 * package's own command there); else `holodeck`.
 */
import { dirname, relative, sep } from 'node:path';

export function holodeckCommand(
  script: string | undefined = process.argv[1],
  cwd: string = process.cwd(),
): readonly string[] {
  if (script === undefined) return ['holodeck'];
  if (script.split(sep).includes('node_modules')) return ['npx', 'holodeck'];
  const checkout = /\bdist[\\/]cli[\\/]main(\.bundle\.mjs|\.js)$/.test(script)
    ? dirname(dirname(dirname(script)))
    : null;
  const inside = checkout !== null && !relative(checkout, cwd).startsWith('..');
  return inside ? ['npx', 'holodeck'] : ['holodeck'];
}
