/** The `node_modules/holodeck` that a module in `dir` would import, looking up the folders as Node does. */
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** The package folder, or null when `holodeck` is not installed in `dir` or above it. */
export function findInstalledHolodeck(dir: string): string | null {
  let current = dir;
  for (;;) {
    const candidate = join(current, 'node_modules', 'holodeck');
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/** The installed schema's path relative to `dir`, `/`-separated as the YAML language server expects. */
export function schemaPathFrom(dir: string, packageDir: string): string {
  return relative(dir, join(packageDir, 'schema', 'agent.schema.json'))
    .split(sep)
    .join('/');
}
