/**
 * docs/architecture.md cannot drift from the tree: its layers table lists every folder of src/ with the arrows
 * .dependency-cruiser.cjs enforces, and every file or folder it names (`records/run-record.ts`,
 * `agent-tools.ts`, `build-*.ts`), and every `npm run` script it names, exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/run-cli.js';

const DOC = readFileSync(join(REPO_ROOT, 'docs/architecture.md'), 'utf8');

interface CruiserRule {
  readonly from: { readonly path?: string };
  readonly to: { readonly path?: string; readonly pathNot?: readonly string[] };
}

/** Each layer of .dependency-cruiser.cjs and the layers it may import, sorted; a layer without a rule: null. */
function enforcedLayers(): Map<string, readonly string[]> {
  const config = createRequire(import.meta.url)(join(REPO_ROOT, '.dependency-cruiser.cjs')) as {
    readonly forbidden: readonly CruiserRule[];
  };
  const layers = new Map<string, readonly string[]>();
  for (const rule of config.forbidden) {
    const from = /^\^src\/([a-z-]+)\/$/.exec(rule.from.path ?? '')?.[1];
    if (from === undefined || rule.to.pathNot === undefined) continue;
    const allowed = rule.to.pathNot
      .map((path) => /^\^src\/([a-z-]+)\/$/.exec(path)?.[1] ?? path)
      .filter((name) => name !== from);
    layers.set(from, [...allowed].sort());
  }
  return layers;
}

/** The layers table: layer → what it may import, as written (`nothing`, `everything` or a list). */
function documentedLayers(): Map<string, string> {
  const rows = DOC.split('\n').flatMap((line) => {
    const cells = /^\| `([a-z-]+)\/` \|.*\| ([^|]+) \|$/.exec(line);
    return cells === null ? [] : [[cells[1] ?? '', (cells[2] ?? '').trim()] as const];
  });
  return new Map(rows);
}

/** Every file and folder of the repository (not node_modules, dist, .git), relative to its root. */
function repositoryPaths(): string[] {
  const skip = new Set(['node_modules', 'dist', '.git', 'test-artifacts']);
  const paths: string[] = [];
  const walk = (folder: string, prefix: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const path = `${prefix}${entry.name}`;
      paths.push(path);
      if (entry.isDirectory()) walk(join(folder, entry.name), `${path}/`);
    }
  };
  walk(REPO_ROOT, '');
  return paths;
}

/** The names in backquotes that are paths: with a `/`, or a file name with a source extension. */
function namedPaths(): string[] {
  const names = [...DOC.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? '');
  return [
    ...new Set(
      names.filter(
        (name) =>
          /^[\w.*@-][\w.*@/-]*$/.test(name) &&
          !name.startsWith('dist/') &&
          !name.startsWith('*') &&
          (name.includes('/') || /\.(ts|mts|mjs|cjs|js|json|md)$/.test(name)),
      ),
    ),
  ];
}

/** A name matches a path that is it or ends with it (`ai-sdk/recording/` → src/backends/ai-sdk/recording). */
function exists(name: string, paths: readonly string[]): boolean {
  const pattern = name
    .replace(/\/$/, '')
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*');
  const regex = new RegExp(`(^|/)${pattern}$`);
  return paths.some((path) => regex.test(path));
}

describe('docs/architecture.md', () => {
  it('lists every folder of src/ as a layer, with the imports .dependency-cruiser.cjs allows it', () => {
    const folders = readdirSync(join(REPO_ROOT, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const documented = documentedLayers();
    expect([...documented.keys()].sort()).toEqual(folders);
    const enforced = enforcedLayers();
    for (const folder of folders) {
      const written = documented.get(folder) ?? '';
      const rule = enforced.get(folder);
      const expected = rule === undefined ? 'everything' : rule.length === 0 ? 'nothing' : rule.join(', ');
      const listed =
        written === 'nothing' || written === 'everything' ? written : written.split(', ').sort().join(', ');
      expect(listed, `the layer ${folder}/`).toBe(expected);
    }
  });

  it('names only files and folders that exist', () => {
    const paths = repositoryPaths();
    const names = namedPaths();
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((name) => !exists(name, paths))).toEqual([]);
  });

  it('names only npm scripts of package.json', () => {
    const { scripts } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      readonly scripts: Readonly<Record<string, string>>;
    };
    // `npm run bench:*` names a family of scripts, not one.
    const named = [...DOC.matchAll(/npm run ([\w:-]+)/g)]
      .map((match) => match[1] ?? '')
      .filter((name) => !name.endsWith(':'));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => scripts[name] === undefined)).toEqual([]);
  });
});
