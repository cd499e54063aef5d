import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { exportOrigin, moduleLocation } from './export-origin.js';
import { importModuleExport, importUserExport } from './import-user-export.js';

const fixtures = fileURLToPath(new URL('../../test/support/config/fixtures/', import.meta.url));

describe('importUserExport', () => {
  it('loads a named export of a TypeScript file relative to the base folder', async () => {
    const result = await importUserExport('graders/answer-graders.ts:exactAnswer', fixtures);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(typeof result.value).toBe('function');
    expect(result.module).toBe(join(fixtures, 'graders/answer-graders.ts'));
    expect(result.export_name).toBe('exactAnswer');
  });

  it('loads the default export, and a JavaScript module without tsx', async () => {
    const fallback = await importUserExport('./graders/answer-graders.ts:default', fixtures);
    expect(fallback.ok && typeof fallback.value).toBe('function');
    const plain = await importUserExport('graders/plain-grader.mjs:nonEmpty', fixtures);
    expect(plain.ok && typeof plain.value).toBe('function');
  });

  it('loads the default export a TypeScript file declares outside an ES-module package', async () => {
    // No package.json in a fresh temporary folder: the .ts file is compiled to CommonJS.
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-default-export-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await writeFile(
      join(dir, 'grade.ts'),
      'export default function grade(): boolean { return true; }\nexport const other = 1;\n',
    );
    await writeFile(join(dir, 'plain.cjs'), 'module.exports = function grade() { return true; };\n');
    await writeFile(join(dir, 'shaped.cjs'), 'module.exports = { default: 5, named: 6 };\n');
    const declared = await importUserExport('grade.ts:default', dir);
    expect(declared.ok && typeof declared.value).toBe('function');
    expect(declared.ok && (declared.value as () => boolean)()).toBe(true);
    const named = await importUserExport('grade.ts:other', dir);
    expect(named.ok && named.value).toBe(1);
    // Plain CommonJS keeps Node's meaning: `default` is module.exports.
    const commonJs = await importUserExport('plain.cjs:default', dir);
    expect(commonJs.ok && typeof commonJs.value).toBe('function');
    const shaped = await importUserExport('shaped.cjs:default', dir);
    expect(shaped.ok && shaped.value).toEqual({ default: 5, named: 6 });
  });

  it('gives a TypeScript module Node runs as CommonJS its own __dirname, and an ES one its import.meta.dirname', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-dirname-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await mkdir(join(dir, 'cjs', 'tools'), { recursive: true });
    await mkdir(join(dir, 'esm', 'tools'), { recursive: true });
    await writeFile(join(dir, 'cjs', 'package.json'), '{ "type": "commonjs" }');
    await writeFile(join(dir, 'esm', 'package.json'), '{ "type": "module" }');
    const reader = (dirname: string) =>
      `import { readFileSync } from 'node:fs';\nimport { join } from 'node:path';\nimport { unit } from './unit';\n` +
      `export const price = (): string => readFileSync(join(${dirname}, 'price.txt'), 'utf8') + unit();\n`;
    for (const folder of ['cjs', 'esm']) {
      await writeFile(join(dir, folder, 'tools', 'price.txt'), `12 (${folder})`);
      await writeFile(join(dir, folder, 'tools', 'unit.ts'), "export const unit = (): string => ' USD';\n");
    }
    await writeFile(join(dir, 'cjs', 'tools', 'prices.ts'), reader('__dirname'));
    await writeFile(join(dir, 'esm', 'tools', 'prices.cts'), reader('__dirname').replace("'./unit'", "'./unit.ts'"));
    await writeFile(join(dir, 'esm', 'tools', 'prices.ts'), reader('import.meta.dirname'));
    const call = async (spec: string, base: string) => {
      const loaded = await importUserExport(spec, base);
      return loaded.ok ? (loaded.value as () => string)() : loaded;
    };
    expect(await call('tools/prices.ts:price', join(dir, 'cjs'))).toBe('12 (cjs) USD');
    expect(await call('tools/prices.ts:price', join(dir, 'esm'))).toBe('12 (esm) USD');
    expect(await call('tools/prices.cts:price', join(dir, 'esm'))).toBe('12 (esm) USD');
  });

  it('accepts an absolute path and a path written without its extension', async () => {
    const absolute = await importUserExport(`${join(fixtures, 'tools/finance.ts')}:subtract`, '/');
    expect(absolute.ok).toBe(true);
    const bare = await importUserExport('tools/finance:divide', fixtures);
    expect(bare.ok && typeof bare.value).toBe('object');
  });

  it('returns the same module instance for the same file (cached per resolved path)', async () => {
    const a = await importUserExport('tools/finance.ts:divide', fixtures);
    const b = await importUserExport('./tools/../tools/finance.ts:divide', fixtures);
    expect(a.ok && b.ok && a.value === b.value).toBe(true);
  });

  it('rejects a spec without an export name', async () => {
    const result = await importUserExport('graders/answer-graders.ts', fixtures);
    expect(result).toMatchObject({ ok: false, reason: 'invalid_spec' });
    expect(result.ok || result.message).toContain('path/or/package:exportName');
  });

  it('reports a missing file with its absolute path', async () => {
    const result = await importUserExport('./graders/nope.ts:grade', fixtures);
    expect(result).toMatchObject({ ok: false, reason: 'not_found' });
    expect(result.ok || result.message).toBe(`file not found: ${join(fixtures, 'graders/nope.ts')}`);
  });

  it('says a folder named in place of a module file is a folder, written as a path or bare', async () => {
    for (const spec of ['graders:grade', './graders:grade']) {
      const result = await importUserExport(spec, fixtures);
      expect(result).toMatchObject({ ok: false, reason: 'not_found' });
      expect(result.ok || result.message).toBe(
        `${join(fixtures, 'graders')} is a folder, not a module file: name the file in it (e.g. graders/answer.ts:grade)`,
      );
    }
  });

  it('reports a bare specifier that is neither a file nor an installed package', async () => {
    const result = await importUserExport('graders/nope.ts:grade', fixtures);
    expect(result).toMatchObject({ ok: false, reason: 'not_found' });
    expect(result.ok || result.message).toBe(
      `file not found: ${join(fixtures, 'graders/nope.ts')} (nor an installed package "graders")`,
    );
  });

  it('lists the available exports when the export is missing', async () => {
    const result = await importUserExport('graders/answer-graders.ts:exact_answer', fixtures);
    expect(result).toMatchObject({
      ok: false,
      reason: 'no_export',
      available_exports: ['default', 'exactAnswer', 'halfCredit', 'notAGrader'],
    });
    expect(result.ok || result.message).toContain('available: default, exactAnswer, halfCredit, notAGrader');
  });

  it('reports the error thrown while the module is evaluated', async () => {
    const result = await importUserExport('broken/throws-on-import.ts:neverReached', fixtures);
    expect(result).toMatchObject({ ok: false, reason: 'import_failed' });
    expect(result.ok || result.message).toContain('this module refuses to load');
  });

  it('reports a TypeScript syntax error with its location', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-loader-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, 'bad.ts'), 'export const x = ;\n');
    const result = await importModuleExport('./bad.ts', 'x', dir);
    expect(result).toMatchObject({ ok: false, reason: 'import_failed' });
    expect(result.ok || result.message).toMatch(/bad\.ts/);
  });

  it('names a package a module imports that is not installed, and a missing file, without the require stack', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-loader-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, 'needs.ts'), "import { x } from '@acme/no-such-pkg/sub';\nexport const y = x;\n");
    await writeFile(join(dir, 'needs.mjs'), "import { x } from 'no-such-pkg-holodeck';\nexport const y = x;\n");
    await writeFile(join(dir, 'relative.mjs'), "import { x } from './gone.mjs';\nexport const y = x;\n");
    const typescript = await importModuleExport('./needs.ts', 'y', dir);
    expect(typescript.ok || typescript.message).toBe(
      `importing ${join(dir, 'needs.ts')} threw: Cannot find module '@acme/no-such-pkg/sub'`,
    );
    const javascript = await importModuleExport('./needs.mjs', 'y', dir);
    expect(javascript.ok || javascript.message).toMatch(
      /threw: Cannot find package 'no-such-pkg-holodeck' imported from .*needs\.mjs$/,
    );
    const relative = await importModuleExport('./relative.mjs', 'y', dir);
    expect(relative.ok || relative.message).toMatch(
      /threw: Cannot find module '.*gone\.mjs' imported from .*relative\.mjs$/,
    );
  });

  it('resolves a package specifier from the base folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-loader-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const pkg = join(dir, 'node_modules', 'my-graders');
    await import('node:fs/promises').then((fs) => fs.mkdir(pkg, { recursive: true }));
    await writeFile(
      join(pkg, 'package.json'),
      JSON.stringify({ name: 'my-graders', type: 'module', exports: './index.js' }),
    );
    await writeFile(join(pkg, 'index.js'), 'export const grade = () => true;\n');
    const result = await importUserExport('my-graders:grade', dir);
    expect(result.ok && typeof result.value).toBe('function');
    expect(result.ok && result.module).toBe('my-graders');
    const location = { kind: 'package', specifier: 'my-graders', base_dir: dir, path: join(dir, 'my-graders') };
    expect(result.ok && exportOrigin(result.value)).toEqual({ location, export_name: 'grade' });
    expect(moduleLocation('my-graders')).toEqual(location);
  });

  it('remembers where each loaded function or object came from, so a worker thread can load it again', async () => {
    const grader = await importUserExport('graders/answer-graders.ts:exactAnswer', fixtures);
    const tool = await importModuleExport('tools/finance', 'divide', fixtures);
    const file = join(fixtures, 'graders/answer-graders.ts');
    expect(grader.ok && exportOrigin(grader.value)).toEqual({
      location: { kind: 'file', path: file },
      export_name: 'exactAnswer',
    });
    expect(tool.ok && exportOrigin(tool.value)?.export_name).toBe('divide');
    expect(moduleLocation(join(fixtures, 'tools/finance.ts'))).toEqual({
      kind: 'file',
      path: join(fixtures, 'tools/finance.ts'),
    });
    expect(exportOrigin(() => true)).toBeNull();
    expect(exportOrigin(42)).toBeNull();
  });
});
