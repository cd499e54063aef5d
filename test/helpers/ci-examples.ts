/** The CI examples of examples/ci/, read and parsed, for the tests that lint and run them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { REPO_ROOT } from './run-cli.js';

export const CI_EXAMPLES = join(REPO_ROOT, 'examples', 'ci');

export const EXAMPLE_FILES = [
  'github-actions.yml',
  'gitlab-ci.yml',
  'kubernetes-indexed-job.yaml',
  'kubernetes-merge-job.yaml',
] as const;

export type ExampleFile = (typeof EXAMPLE_FILES)[number];

export function exampleText(file: ExampleFile): string {
  return readFileSync(join(CI_EXAMPLES, file), 'utf8');
}

/** Loosely typed YAML: the tests check the shape they rely on as they go. */
// biome-ignore lint/suspicious/noExplicitAny: parsed YAML, walked by tests that assert its shape
export type Yaml = any;

export function exampleYaml(file: ExampleFile): Yaml {
  return parse(exampleText(file));
}

export function exampleDocuments(file: ExampleFile): Yaml[] {
  return parseAllDocuments(exampleText(file)).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
    return document.toJS();
  });
}

/**
 * A command line of an example, made runnable here: `npx holodeck` is the CLI built in this repository, and
 * each `[from, to]` rewrites a path of the CI machine into a folder of the test.
 */
export function runnable(command: string, cliPath: string, paths: readonly (readonly [string, string])[] = []): string {
  let text = command.replaceAll('npx holodeck', `"${process.execPath}" "${cliPath}"`);
  for (const [from, to] of paths) text = text.replaceAll(from, to);
  return text;
}
