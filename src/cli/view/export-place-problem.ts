/**
 * Whether `test view --export FILE` may write there, checked as `holodeck test` checks its `--output` reports
 * (check-output-places.ts): a folder, a folder that cannot be made, a run record or log, a file the config reads
 * (the config itself, a turn's attached page), also through a symbolic link; and since the export is an HTML
 * page, a link whose name says `.html` but that leads to a file that is not one (agent.yaml, a tool's module).
 */
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { linkTarget } from '../../reporters/link-target.js';
import { outputPlaceProblem, overInputProblem } from '../check-output-places.js';
import type { ViewSettings } from './view-settings.js';

const HTML_NAME = /\.html?$/i;

/** null when the page can be written at `outPath` (`label`: as the command line named it); else why not. */
export async function exportPlaceProblem(
  outPath: string,
  label: string,
  settings: ViewSettings,
): Promise<string | null> {
  const place = await outputPlaceProblem([{ path: outPath, format: 'html' }]);
  if (place !== null) return place;
  const written = [{ path: outPath, what: `the report ${label}` }];
  const overInput = await overInputProblem(written, configInputs(settings));
  if (overInput !== null) return overInput;
  const target = await replacedFile(outPath);
  if (target !== null && !HTML_NAME.test(basename(target))) {
    return `cannot write the report ${label}: it is a symbolic link to ${target}, which is not an HTML page — choose another file name`;
  }
  return null;
}

/** The file a write at `path` replaces or creates, through its links; null for a device or a pipe. */
async function replacedFile(path: string): Promise<string | null> {
  const target = await linkTarget(path);
  const found = await stat(target).catch(() => null);
  return found === null || found.isFile() ? target : null;
}

/**
 * The files the config reads that could bear an HTML page's name: the config itself, and every value of it that
 * names an `.html` file (a turn's attached page), from the config's folder. Its other files (test cases,
 * modules, instructions) are no HTML pages, which the check above refuses.
 */
function configInputs(settings: ViewSettings): string[] {
  const files = [settings.file];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      const text = value.trim();
      if (HTML_NAME.test(text) && !text.includes('\n')) files.push(resolve(settings.folder, text));
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const item of Object.values(value)) visit(item);
    }
  };
  visit(settings.data);
  return files;
}
