/**
 * The bundle step's replacement of the AI SDK provider utilities' header functions (scripts/bundle-cli.mjs):
 * a version of the package whose functions differ fails the build, naming the file and what to check, rather
 * than being bundled unpatched without notice.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without type declarations
import { bundleCli } from '../../scripts/bundle-cli.mjs';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('bundle-cli', () => {
  it('refuses provider utilities whose header functions are not the ones it replaces', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-bundle-'));
    dirs.push(dir);
    const utils = join(dir, 'node_modules', '@ai-sdk', 'provider-utils');
    await mkdir(join(utils, 'dist'), { recursive: true });
    await writeFile(
      join(utils, 'package.json'),
      JSON.stringify({ name: '@ai-sdk/provider-utils', type: 'module', exports: { '.': './dist/index.mjs' } }),
    );
    await writeFile(
      join(utils, 'dist', 'index.mjs'),
      'export function withUserAgentSuffix(headers) {\n  return new Headers(headers);\n}\n',
    );
    const entry = join(dir, 'entry.mjs');
    await writeFile(
      entry,
      "import { withUserAgentSuffix } from '@ai-sdk/provider-utils';\nconsole.log(withUserAgentSuffix);\n",
    );
    const bundled = bundleCli({ entry, outdir: join(dir, 'out'), external: [] });
    await expect(bundled).rejects.toThrow(
      `${join(utils, 'dist', 'index.mjs')} no longer defines normalizeHeaders and withUserAgentSuffix as scripts/bundle-cli.mjs expects: check src/backends/ai-sdk/plain-headers.ts against it and update both`,
    );
  });
});
