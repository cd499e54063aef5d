/** Splits "path/or/package:exportName" into the module specifier and the export name. */

export interface ExportSpec {
  readonly specifier: string;
  readonly export_name: string;
}

const EXPORT_NAME = /^[A-Za-z_$][\w$]*$/;

/** The last `:` separates the export; returns null when either side is missing or the export is not an identifier. */
export function parseExportSpec(spec: string): ExportSpec | null {
  const colon = spec.lastIndexOf(':');
  if (colon <= 0) return null;
  const specifier = spec.slice(0, colon).trim();
  const exportName = spec.slice(colon + 1).trim();
  if (specifier === '' || !EXPORT_NAME.test(exportName)) return null;
  return { specifier, export_name: exportName };
}
