/** Console + requested report files + the run record, behind one multiplexer. */
import { dirname, resolve } from 'node:path';
import type { AgentConfig } from '../core/config-types.js';
import type { Reporter } from '../core/reporter.js';
import { createConsoleReporter } from '../reporters/console-reporter.js';
import { createReporter, formatFromPath, type ReportFormat } from '../reporters/create-reporter.js';
import { multiplexReporter } from '../reporters/multiplex-reporter.js';
import { createRunRecordReporter, type RunRecordMetadata } from '../reporters/run-record-reporter.js';
import type { TestOptions } from './test-options.js';

export type ComposedReporters =
  | { readonly ok: true; readonly reporter: Reporter; readonly errors: string[] }
  | { readonly ok: false; readonly message: string };

export function composeReporters(
  config: AgentConfig,
  options: TestOptions,
  metadata: RunRecordMetadata,
  secrets: readonly string[],
): ComposedReporters {
  const files: Reporter[] = [];
  for (const output of options.output) {
    let format: ReportFormat;
    try {
      format = options.format ?? formatFromPath(output);
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
    files.push(createReporter(format, resolve(output)));
  }
  const stderr = process.stderr;
  const console = createConsoleReporter({
    stream: process.stdout,
    verbosity: options.verbosity,
    color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
  });
  const record = createRunRecordReporter({
    resultsDir: options.resultsDir ? resolve(options.resultsDir) : resolve(dirname(config.config_path), 'results'),
    agentName: config.name,
    metadata,
    secrets,
  });
  const errors: string[] = [];
  const reporter = multiplexReporter([console, ...files, record], (error: unknown) => {
    const message = `reporter error: ${(error as Error)?.message ?? String(error)}`;
    errors.push(message);
    stderr.write(`${message}\n`);
  });
  return { ok: true, reporter, errors };
}
