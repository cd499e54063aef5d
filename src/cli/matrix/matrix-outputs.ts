/**
 * `--output` in a model matrix: a Markdown output (`.md`, or `--format markdown`) receives the comparison
 * table; every other report is written once per model, the model named before the extension
 * (`report.json` → `report.openai-gpt-4o-mini.json`, `-2` after a name another model's already gives), so no
 * model's report overwrites another's.
 */
import { statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { isStdoutPath, type PlannedOutput } from '../plan-outputs.js';

export interface MatrixOutputs {
  /** Where the comparison table goes, as Markdown. */
  readonly comparison: readonly string[];
  /** Each model's reports, in the matrix's model order. */
  readonly perModel: readonly (readonly PlannedOutput[])[];
}

/** `openai:gpt-4o-mini` → `openai-gpt-4o-mini`; only `[A-Za-z0-9._-]`. */
export function modelFileTag(label: string): string {
  const tag = label
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 80);
  return tag === '' ? 'model' : tag;
}

export function matrixOutputs(outputs: readonly PlannedOutput[], labels: readonly string[]): MatrixOutputs {
  const comparison = outputs.filter((output) => output.format === 'markdown').map((output) => output.path);
  const reports = outputs.filter((output) => output.format !== 'markdown');
  const tags = uniqueTags(labels);
  const perModel = tags.map((tag) =>
    reports.map((output) => {
      const ext = extname(output.path);
      const stem = basename(output.path, ext);
      return { ...output, path: join(dirname(output.path), `${stem}.${tag}${ext}`) };
    }),
  );
  return { comparison, perModel };
}

/**
 * Each model's tag, a later one made unique with `-2`, `-3`… when it reads like an earlier one: `m/1` and `m:1`
 * both give `m-1`, and `M-1` is `m-1`'s file on a file system that ignores letter case.
 */
function uniqueTags(labels: readonly string[]): string[] {
  const taken = new Set<string>();
  return labels.map((label) => {
    const base = modelFileTag(label);
    let tag = base;
    for (let n = 2; taken.has(tag.toLowerCase()); n += 1) tag = `${base}-${n}`;
    taken.add(tag.toLowerCase());
    return tag;
  });
}

/**
 * A report written once per model is written to files named after each model: a device or pipe (`/dev/stdout`)
 * cannot be renamed, so it is refused rather than turned into files beside it. Null when every output can be.
 */
export function perModelOutputProblem(outputs: readonly PlannedOutput[]): string | null {
  for (const output of outputs) {
    // Each model's console is printed on stdout: a report there would not stand alone.
    if (isStdoutPath(output.path)) {
      return "--output - (stdout) cannot hold a model matrix's report alone: each model's console is printed there too — write it to a file (e.g. --output compare.md)";
    }
    if (output.format === 'markdown') continue;
    const found = statSync(output.path, { throwIfNoEntry: false });
    // `/dev/stdout` is a regular file when the output is redirected to one: still no name to put a model in.
    const stream = /^\/(?:dev|proc)\//.test(output.path);
    if (stream || (found !== undefined && !found.isFile() && !found.isDirectory())) {
      return `--output ${output.path} is no file: a model matrix writes each model's ${output.format} report to a file named after the model — give a file name (e.g. report.${output.format === 'junit' ? 'xml' : output.format})`;
    }
  }
  return null;
}
