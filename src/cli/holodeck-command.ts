/**
 * How a printed command should start: `npx holodeck` when this CLI runs from a `node_modules` folder (a
 * project's own install puts no `holodeck` on the PATH; npx finds a local or global one alike), else
 * `holodeck`.
 */
import { sep } from 'node:path';

export function holodeckCommand(script: string | undefined = process.argv[1]): readonly string[] {
  const installed = script?.split(sep).includes('node_modules') === true;
  return installed ? ['npx', 'holodeck'] : ['holodeck'];
}
