import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

/** The package version, from the package.json two folders up (src/cli → root, dist/cli → root). */
export function readVersion(): string {
  if (cached === null) {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    cached = (JSON.parse(text) as { version: string }).version;
  }
  return cached;
}

/** The folder of the holodeck package this CLI runs from (where its package.json is). */
export function packageRoot(): string {
  return fileURLToPath(new URL('../../', import.meta.url));
}
