/**
 * Links the page's ES modules into one script for the static export, which must open from a file without a
 * server. The page modules keep to a small form this linker checks: `import { a, b as c } from './x.js';` at
 * the top and `export function|const|class name` declarations. Each module runs in its own function scope and
 * receives its imports from the modules evaluated before it (dependencies first; cycles are rejected).
 */
import { DashboardError } from './dashboard-error.js';

const IMPORT = /^import\s*\{([^}]*)\}\s*from\s*'\.\/([a-z0-9-]+\.js)';[ \t]*$/gm;
const EXPORT = /^export\s+(?:async\s+)?(?:function\*?|const|class)\s+([A-Za-z_$][\w$]*)/gm;
const UNSUPPORTED = /^\s*(?:import|export)\b|\bimport\s*\(|\bimport\.meta\b/m;

interface LinkedModule {
  readonly name: string;
  readonly imports: readonly { readonly from: string; readonly bindings: string }[];
  readonly exports: readonly string[];
  readonly body: string;
}

function invalid(message: string): DashboardError {
  return new DashboardError('PAGE_BUNDLE_INVALID', message);
}

function parseModule(name: string, source: string): LinkedModule {
  const imports = [...source.matchAll(IMPORT)].map((match) => ({
    from: match[2] ?? '',
    bindings: (match[1] ?? '')
      .split(',')
      .map((binding) => binding.trim())
      .filter((binding) => binding !== '')
      .map((binding) => binding.replace(/\s+as\s+/, ': '))
      .join(', '),
  }));
  const exports = [...source.matchAll(EXPORT)].map((match) => match[1] ?? '');
  if (exports.length !== (source.match(/^export\b/gm) ?? []).length) {
    throw invalid(`${name}: only named imports and exported declarations can be bundled`);
  }
  const body = source.replace(IMPORT, '').replace(/^export\s+/gm, '');
  if (UNSUPPORTED.test(body)) throw invalid(`${name}: only named imports and exported declarations can be bundled`);
  return { name, imports, exports, body };
}

function order(modules: ReadonlyMap<string, LinkedModule>, entry: string): LinkedModule[] {
  const sorted: LinkedModule[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, from: string): void => {
    const module = modules.get(name);
    if (module === undefined) throw invalid(`${from} imports ${name}, which is not a page module`);
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw invalid(`import cycle through ${name}`);
    state.set(name, 'visiting');
    for (const dependency of module.imports) visit(dependency.from, name);
    state.set(name, 'done');
    sorted.push(module);
  };
  visit(entry, 'the bundle');
  return sorted;
}

/** One classic script holding every module reachable from `entry` (sources keyed by file name). */
export function bundlePageScripts(sources: ReadonlyMap<string, string>, entry = 'app.js'): string {
  const parsed = new Map([...sources.entries()].map(([name, source]) => [name, parseModule(name, source)]));
  const chunks = order(parsed, entry).map((module) => {
    const imports = module.imports
      .map((dependency) => `const { ${dependency.bindings} } = __modules[${JSON.stringify(dependency.from)}];\n`)
      .join('');
    const exported = `return { ${module.exports.join(', ')} };`;
    return `__modules[${JSON.stringify(module.name)}] = (() => {\n${imports}${module.body}\n${exported}\n})();`;
  });
  const bundle = `(() => {\n'use strict';\nconst __modules = Object.create(null);\n${chunks.join('\n')}\n})();\n`;
  if (/<\/script|<!--/i.test(bundle)) throw invalid('the page scripts contain `</script` or `<!--`');
  return bundle;
}
