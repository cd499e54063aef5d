/**
 * What an interrupted run says on stderr: where its finished test cases were saved, the command that runs the
 * rest and the reports written of them — or, when its run record could not be written (a full disk), that nothing was saved to resume.
 */
import { relative } from 'node:path';
import { type PlannedOutput, shownOutputPath } from './plan-outputs.js';
import { resumeCommandLine } from './resume-command-line.js';
import { FAILED } from './run-locations.js';
import type { TestOptions } from './test-options.js';

export interface InterruptedRun {
  readonly configPath: string;
  /** The run record, once the run began; null before. */
  readonly record: string | null;
  /** The files that failed to be written in full. */
  readonly failed: ReadonlySet<string>;
  readonly resultsDir: string;
  readonly customResultsDir: boolean;
  readonly outputs: readonly PlannedOutput[];
  readonly options: TestOptions;
  /** `gpt-4o: ` before each line, for one model of a matrix. */
  readonly label?: string;
}

/** Says it; false when the run record failed to be written, so nothing can be resumed. */
export function explainInterruption(run: InterruptedRun, stderr: NodeJS.WritableStream = process.stderr): boolean {
  const { record } = run;
  if (record === null) return true;
  const label = run.label ?? '';
  if (run.failed.has(record)) {
    stderr.write(
      `${label}error: the finished test cases could not be saved: the run record ${record} failed to be written (see the error above); nothing can be resumed from it\n`,
    );
    return false;
  }
  const runId = relative(run.resultsDir, record)
    .replace(/\\/g, '/')
    .replace(/\.json$/, '');
  const command = resumeCommandLine({
    configPath: run.configPath,
    resultsDir: run.customResultsDir ? run.resultsDir : null,
    runId,
    options: run.options,
    outputs: run.outputs,
    cwd: process.cwd(),
  });
  stderr.write(`${label}saved the finished test cases in ${record}\nrun the rest with: ${command}\n`);
  // The reports hold the finished cases too, each saying the run was interrupted.
  for (const output of run.outputs) {
    const state = run.failed.has(output.path) ? `  ${FAILED}` : '';
    stderr.write(`${label}report of the finished test cases: ${shownOutputPath(output.path, process.cwd())}${state}\n`);
  }
  return true;
}
