import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bundlePageScripts } from './bundle-page-scripts.js';
import { DashboardError } from './dashboard-error.js';
import { loadPageAssets, pageScripts } from './page-assets.js';

function run(bundle: string): string[] {
  const out: string[] = [];
  new Script(bundle).runInNewContext({ record: (line: string) => out.push(line) });
  return out;
}

function codeOf(build: () => unknown): string {
  try {
    build();
  } catch (error) {
    if (error instanceof DashboardError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'no error';
}

describe('bundlePageScripts', () => {
  it('evaluates dependencies first and passes named imports, aliases included', () => {
    const bundle = bundlePageScripts(
      new Map([
        [
          'app.js',
          "import { greet } from './greet.js';\nimport { NAME as who } from './name.js';\nrecord(greet(who));\n",
        ],
        [
          'greet.js',
          "import { NAME } from './name.js';\nrecord('greet loaded');\nexport function greet(x) {\n  return 'hello ' + x + ' from ' + NAME;\n}\n",
        ],
        ['name.js', "record('name loaded');\nexport const NAME = 'holodeck';\nconst helper = 1;\n"],
        ['unused.js', "record('never');\n"],
      ]),
    );
    expect(run(bundle)).toEqual(['name loaded', 'greet loaded', 'hello holodeck from holodeck']);
  });

  it('keeps each module in its own scope', () => {
    const bundle = bundlePageScripts(
      new Map([
        ['app.js', "import { a } from './a.js';\nconst x = 'app';\nrecord(a() + ' ' + x);\n"],
        ['a.js', "const x = 'a';\nexport function a() {\n  return x;\n}\n"],
      ]),
    );
    expect(run(bundle)).toEqual(['a app']);
  });

  it.each([
    [
      'a cycle',
      [
        ['app.js', "import { b } from './b.js';\n"],
        ['b.js', "import { c } from './app.js';\nexport const b = 1;\n"],
      ],
      /import cycle/,
    ],
    ['a missing module', [['app.js', "import { b } from './b.js';\n"]], /imports b\.js, which is not a page module/],
    ['a default export', [['app.js', 'export default 1;\n']], /only named imports/],
    ['a namespace import', [['app.js', "import * as b from './b.js';\n"]], /only named imports/],
    ['a dynamic import', [['app.js', "const m = import('./b.js');\n"]], /only named imports/],
    ['a closing script tag', [['app.js', "const s = '</script>';\n"]], /<\/script/],
  ])('rejects %s', (_, modules, message) => {
    const error = codeOf(() => bundlePageScripts(new Map(modules as [string, string][])));
    expect(error).toMatch(/^PAGE_BUNDLE_INVALID: /);
    expect(error).toMatch(message);
  });

  it('bundles the real page into a script that compiles', async () => {
    const bundle = bundlePageScripts(pageScripts(await loadPageAssets()));
    expect(() => new Script(bundle)).not.toThrow();
    expect(bundle).toContain('__modules["app.js"]');
    expect(bundle).not.toMatch(/^\s*(import|export)\s/m);
  });
});
