/**
 * Finds one export in a module namespace: a named (or `default`) export, or a member of CommonJS `module.exports`.
 * A module compiled from ES syntax to CommonJS (a `.ts` file outside a `"type": "module"` package) marks its
 * exports `__esModule`; its `default` is then the `default` it declared, not the whole `module.exports`.
 */

export type PickedExport =
  | { readonly found: true; readonly value: unknown }
  | { readonly found: false; readonly available: readonly string[] };

export function pickExport(namespace: Readonly<Record<string, unknown>>, exportName: string): PickedExport {
  const commonJs = namespace['default'];
  if (exportName === 'default' && compiledFromEsm(commonJs) && Object.hasOwn(commonJs, 'default')) {
    return { found: true, value: commonJs['default'] };
  }
  if (Object.hasOwn(namespace, exportName)) return { found: true, value: namespace[exportName] };
  if (typeof commonJs === 'object' && commonJs !== null && Object.hasOwn(commonJs, exportName)) {
    return { found: true, value: (commonJs as Record<string, unknown>)[exportName] };
  }
  return { found: false, available: Object.keys(namespace).sort() };
}

function compiledFromEsm(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)['__esModule'] === true;
}
