/**
 * The bundle step's replacements in the AI SDK provider utilities (scripts/bundle-cli.mjs): their header
 * functions and their asynchronous validation of model responses. A version of the package whose code differs
 * fails the build, naming the file and what to check, rather than being bundled unpatched without notice.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without type declarations
import { bundleCli } from '../../scripts/bundle-cli.mjs';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function fakeProviderUtils(source: string): Promise<{ entry: string; index: string; out: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-bundle-'));
  dirs.push(dir);
  const utils = join(dir, 'node_modules', '@ai-sdk', 'provider-utils');
  await mkdir(join(utils, 'dist'), { recursive: true });
  await writeFile(
    join(utils, 'package.json'),
    JSON.stringify({ name: '@ai-sdk/provider-utils', type: 'module', exports: { '.': './dist/index.mjs' } }),
  );
  await writeFile(join(utils, 'dist', 'index.mjs'), source);
  const entry = join(dir, 'entry.mjs');
  await writeFile(entry, "import * as utils from '@ai-sdk/provider-utils';\nconsole.log(utils);\n");
  return { entry, index: join(utils, 'dist', 'index.mjs'), out: join(dir, 'out') };
}

describe('bundle-cli', () => {
  it('refuses provider utilities that no longer validate responses the way it replaces', async () => {
    const real = await readFile(join('node_modules', '@ai-sdk', 'provider-utils', 'dist', 'index.mjs'), 'utf8');
    const asyncParse = 'const result = await z4.safeParseAsync(zodSchema2, value);';
    expect(real).toContain(asyncParse);
    const { entry, index, out } = await fakeProviderUtils(
      real.replace(asyncParse, 'const result = await zodSchema2.parseAsync(value);'),
    );
    await expect(bundleCli({ entry, outdir: out, external: [] })).rejects.toThrow(
      `${index} no longer validates with ${JSON.stringify(asyncParse)} as scripts/bundle-cli.mjs expects: check src/backends/ai-sdk/sync-first-parse.ts against it and update both`,
    );
  });

  it('puts the synchronous-first response validation into the built command line', async () => {
    const map = JSON.parse(await readFile(join('dist', 'cli-bundle-map.json'), 'utf8')) as Record<string, string[]>;
    const holding = Object.entries(map).filter(([, inputs]) =>
      inputs.includes('src/backends/ai-sdk/sync-first-parse.ts'),
    );
    expect(holding).toHaveLength(1);
  });

  it('refuses provider utilities whose header functions are not the ones it replaces', async () => {
    const { entry, index, out } = await fakeProviderUtils(
      'export function withUserAgentSuffix(headers) {\n  return new Headers(headers);\n}\n',
    );
    await expect(bundleCli({ entry, outdir: out, external: [] })).rejects.toThrow(
      `${index} no longer defines normalizeHeaders and withUserAgentSuffix as scripts/bundle-cli.mjs expects: check src/backends/ai-sdk/plain-headers.ts against it and update both`,
    );
  });
});
