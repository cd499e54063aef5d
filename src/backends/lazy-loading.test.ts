import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Packages that must only load when a backend is created, so `holodeck --help` stays fast. */
const HEAVY = /^(ai|zod|ollama-ai-provider-v2|@ai-sdk\/.*|@modelcontextprotocol\/.*)$/;

/** Static value imports (not `import type`) of a module, resolved for relative paths. */
function staticImports(file: string): { readonly local: string[]; readonly packages: string[] } {
  const source = readFileSync(file, 'utf8');
  const local: string[] = [];
  const packages: string[] = [];
  for (const match of source.matchAll(/^import\s+(?!type\s)[^'"]*?from\s+'([^']+)';/gms)) {
    const specifier = match[1] ?? '';
    if (specifier.startsWith('.')) local.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
    else packages.push(specifier);
  }
  return { local, packages };
}

describe('backend entry points load lazily', () => {
  it('reach no heavy package through static imports from create-backend', () => {
    const start = fileURLToPath(new URL('./create-backend.ts', import.meta.url));
    const seen = new Set<string>();
    const heavy: string[] = [];
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.pop() ?? '';
      if (seen.has(file)) continue;
      seen.add(file);
      const { local, packages } = staticImports(file);
      heavy.push(...packages.filter((p) => HEAVY.test(p)).map((p) => `${file} → ${p}`));
      queue.push(...local);
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(heavy).toEqual([]);
  });
});
