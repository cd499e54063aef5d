/**
 * The bundle step's replacements in the AI SDK provider utilities (scripts/bundle-cli.mjs): their header
 * functions and their asynchronous validation of model responses. A version of the package whose code differs
 * fails the build, naming the file and what to check, rather than being bundled unpatched without notice.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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

/** The installed copies of the provider utilities (one per version the providers pin). */
async function providerUtilsCopies(): Promise<string[]> {
  const found = new Set<string>();
  const visit = async (dir: string, depth: number): Promise<void> => {
    const utils = join(dir, '@ai-sdk', 'provider-utils', 'package.json');
    const manifest = await readFile(utils, 'utf8').catch(() => null);
    if (manifest !== null) found.add((JSON.parse(manifest) as { version: string }).version);
    if (depth === 0) return;
    const scoped = await readdir(join(dir, '@ai-sdk')).catch(() => [] as string[]);
    for (const name of scoped) await visit(join(dir, '@ai-sdk', name, 'node_modules'), depth - 1);
  };
  await visit('node_modules', 2);
  return [...found];
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
    // Every copy of the provider utilities in the build (providers may pin different versions) validates
    // responses through it: none is left calling the SDK's asynchronous parse.
    const chunks = (await readdir(join('dist', 'cli'))).filter((name) => name.endsWith('.mjs'));
    let rewritten = 0;
    for (const name of chunks) {
      const code = await readFile(join('dist', 'cli', name), 'utf8');
      expect(code, name).not.toMatch(/safeParseAsync\(zodSchema\d*, value\)/);
      rewritten += code.match(/await safeParseSyncFirst\(zodSchema\d*, value\)/g)?.length ?? 0;
    }
    const copies = await providerUtilsCopies();
    expect(copies.length).toBeGreaterThan(0);
    expect(rewritten).toBeGreaterThanOrEqual(copies.length);
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
