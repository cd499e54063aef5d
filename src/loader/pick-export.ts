/**
 * Finds one export in a module namespace: a named (or `default`) export, or a member of CommonJS `module.exports`.
 * A module compiled from ES syntax to CommonJS (a `.ts` file outside a `"type": "module"` package) marks its
 * exports `__esModule`; its `default` is then the `default` it declared, not the whole `module.exports`.
 */

export type PickedExport =
  | { readonly found: true; readonly value: unknown }
  | { readonly found: false; readonly available: readonly string[] };

/** `commonJs`: whether the module ran as CommonJS, null when unknown (a package): then told by the namespace. */
export function pickExport(
  namespace: Readonly<Record<string, unknown>>,
  exportName: string,
  commonJs: boolean | null = null,
): PickedExport {
  const moduleExports = namespace['default'];
  if (exportName === 'default' && compiledFromEsm(moduleExports) && Object.hasOwn(moduleExports, 'default')) {
    return { found: true, value: moduleExports['default'] };
  }
  if (Object.hasOwn(namespace, exportName)) return { found: true, value: namespace[exportName] };
  if (isObject(moduleExports) && Object.hasOwn(moduleExports, exportName)) {
    return { found: true, value: moduleExports[exportName] };
  }
  return { found: false, available: exportNames(namespace, commonJs ?? looksCommonJs(namespace)) };
}

/**
 * The exports the module has, as it was written: import gives a CommonJS module a `default` (its whole
 * `module.exports`), which is listed only when `module.exports` is itself the one value (a function) or the
 * module, compiled from ES syntax, declared a default.
 */
function exportNames(namespace: Readonly<Record<string, unknown>>, commonJs: boolean): string[] {
  const names = new Set(Object.keys(namespace).filter((name) => name !== 'default' && name !== '__esModule'));
  const moduleExports = namespace['default'];
  if (!commonJs) {
    if (Object.hasOwn(namespace, 'default')) names.add('default');
    return [...names].sort();
  }
  const compiled = compiledFromEsm(moduleExports);
  if (compiled ? Object.hasOwn(moduleExports, 'default') : !isObject(moduleExports) && moduleExports !== undefined) {
    names.add('default');
  }
  if (isObject(moduleExports)) {
    for (const name of Object.keys(moduleExports)) if (name !== '__esModule') names.add(name);
  }
  return [...names].sort();
}

/**
 * A namespace import gave a CommonJS module: its `default` is marked as compiled from ES syntax, or is a plain
 * object holding every other export under the same name.
 */
function looksCommonJs(namespace: Readonly<Record<string, unknown>>): boolean {
  const moduleExports = namespace['default'];
  if (compiledFromEsm(moduleExports)) return true;
  if (!isObject(moduleExports)) return false;
  const named = Object.keys(namespace).filter((name) => name !== 'default');
  return (
    named.length > 0 &&
    named.every((name) => Object.hasOwn(moduleExports, name) && moduleExports[name] === namespace[name])
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function compiledFromEsm(value: unknown): value is Record<string, unknown> {
  return isObject(value) && value['__esModule'] === true;
}
