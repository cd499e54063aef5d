/** What `holodeck init` prints after writing: the files it wrote and the commands to run next. */
import type { ProviderName } from '../../core/config-types.js';
import { shellQuote } from '../shell-quote.js';
import { INIT_PROVIDERS, type SetupStep } from './init-providers.js';
import type { ProjectFile } from './render-project.js';

export interface NextStepsOptions {
  /** The folder as the user named it (`.` for the current one). */
  readonly dir: string;
  readonly files: readonly ProjectFile[];
  readonly provider: ProviderName;
  readonly model: string;
  /** Whether `holodeck` resolves from the folder (the tools and grader import it). */
  readonly holodeck_installed: boolean;
  /**
   * Where the holodeck package that runs is (a clone or an unpacked .tgz): what to install when the project has
   * none, since holodeck is installed from its folder or .tgz, not from the npm registry.
   */
  readonly holodeck_source: string;
}

export function renderNextSteps(options: NextStepsOptions): string {
  const width = Math.max(...options.files.map((file) => file.path.length)) + 2;
  const where = options.dir === '.' ? 'the current folder' : options.dir;
  const lines = [
    `Wrote a holodeck project (model ${options.provider}:${options.model}) in ${where}:`,
    ...options.files.map((file) => `  ${file.path.padEnd(width)}${file.role}`),
    '',
    'Next:',
  ];
  const steps: SetupStep[] = [];
  if (options.dir !== '.') steps.push({ command: `cd ${shellQuote(options.dir)}`, comment: '' });
  if (!options.holodeck_installed) {
    steps.push({
      command: `npm install --save-dev ${shellQuote(options.holodeck_source)}`,
      comment: "the tools and the grader import from 'holodeck' (this holodeck, from its folder)",
    });
  }
  steps.push(INIT_PROVIDERS[options.provider].setup_step(options.model));
  steps.push({
    command: 'npx holodeck validate',
    comment: 'checks agent.yaml, the tools and the grader; calls no model',
  });
  steps.push({ command: 'npx holodeck test -v', comment: 'runs the test case and shows every turn' });
  // Comments line up, except after a command too long to pad to them.
  const column = Math.min(32, Math.max(...steps.map((step) => step.command.length)));
  const stepLines = steps.map((step) =>
    step.comment === '' ? `  ${step.command}` : `  ${step.command.padEnd(column)}  # ${step.comment}`,
  );
  return `${[...lines, ...stepLines].join('\n')}\n`;
}
