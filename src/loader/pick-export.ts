/** Finds one export in a module namespace: a named (or `default`) export, or a member of CommonJS `module.exports`. */

export type PickedExport =
  | { readonly found: true; readonly value: unknown }
  | { readonly found: false; readonly available: readonly string[] };

export function pickExport(namespace: Readonly<Record<string, unknown>>, exportName: string): PickedExport {
  if (Object.hasOwn(namespace, exportName)) return { found: true, value: namespace[exportName] };
  const commonJs = namespace['default'];
  if (typeof commonJs === 'object' && commonJs !== null && Object.hasOwn(commonJs, exportName)) {
    return { found: true, value: (commonJs as Record<string, unknown>)[exportName] };
  }
  return { found: false, available: Object.keys(namespace).sort() };
}
