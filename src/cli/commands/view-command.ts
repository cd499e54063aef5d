/** `holodeck test view`: serve the dashboard of stored run records, or export one run as a static HTML file. */

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createRedactor } from '../../core/redactor.js';
import { startDashboard } from '../../dashboard/start-dashboard.js';
import { collectSecrets } from '../collect-secrets.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { redactProcessOutput } from '../redact-process-output.js';
import { exportRun } from '../view/export-run.js';
import { resultsFolderState } from '../view/results-folder-state.js';
import { printIssues, readViewSettings, resultsDirOf } from '../view/view-settings.js';

/** The CONFIG argument when none is given. */
export const DEFAULT_CONFIG = 'agent.yaml';

export interface ViewOptions {
  readonly host: string;
  readonly port: number;
  readonly open?: boolean;
  readonly resultsDir?: string;
  readonly export?: string;
  readonly run?: string;
}

export async function viewCommand(configArg: string, options: ViewOptions): Promise<ExitCode> {
  const redactor = createRedactor(collectSecrets(null, process.env).secrets);
  redactProcessOutput(redactor);
  if (options.run !== undefined && !options.export) {
    process.stderr.write('error: --run names the run to export: give --export FILE with it\n');
    return EXIT.config;
  }
  // A config named on the command line that is not there is a mistake (the default, agent.yaml, may be absent:
  // the results folder of the current one is served then).
  if (!options.resultsDir && configArg !== DEFAULT_CONFIG && !existsSync(resolve(configArg))) {
    process.stderr.write(
      `error: no configuration at ${resolve(configArg)}: name the config whose runs to show, or give --results-dir\n`,
    );
    return EXIT.config;
  }
  // The export is an HTML page: a name that says otherwise (agent.yaml, a record's .json, a tool's module)
  // would be replaced by it; an empty name would serve instead, and hold a CI job.
  if (options.export !== undefined && !/\.html?$/i.test(options.export.trim())) {
    process.stderr.write(
      `error: --export writes an HTML page: name its file .html (got ${JSON.stringify(options.export)})\n`,
    );
    return EXIT.config;
  }
  const settings = await readViewSettings(configArg, process.env);
  if (settings.issues.length > 0 && !options.resultsDir) {
    // Where its runs are is not known: another folder's runs would be shown instead, in silence.
    printIssues(settings.issues);
    return EXIT.config;
  }
  const resultsDir = options.resultsDir ? resolve(options.resultsDir) : resultsDirOf(settings, process.env);
  // Served all the same (the runs may be there), but not silently: results_dir and the agent are not known.
  if (settings.missing !== undefined && !options.resultsDir && configArg !== DEFAULT_CONFIG) {
    process.stderr.write(`warning: ${settings.missing}: showing the runs in ${resultsDir}\n`);
  }
  const folder = await resultsFolderState(resultsDir);
  // A folder that cannot hold runs would be shown as one without any, for ever.
  if (folder.kind === 'unusable') {
    process.stderr.write(`error: the results folder ${resultsDir} ${folder.problem}: give --results-dir a folder\n`);
    return EXIT.config;
  }
  if (options.export) {
    if (folder.kind === 'missing') {
      process.stderr.write(
        `error: the results folder ${resultsDir} does not exist: there is no run to export (give --results-dir the folder holodeck test wrote its runs to)\n`,
      );
      return EXIT.config;
    }
    if (settings.issues.length > 0) {
      process.stderr.write('warning: the configuration could not be read; the latest run of any agent is exported\n');
      printIssues(settings.issues);
    }
    return exportRun({ ...options, export: options.export }, settings, resultsDir, redactor);
  }
  if (folder.kind === 'missing') {
    process.stderr.write(
      `note: the results folder ${resultsDir} does not exist yet: its runs show as they are written\n`,
    );
  }
  let dashboard: Awaited<ReturnType<typeof startDashboard>>;
  try {
    dashboard = await startDashboard({
      resultsDir,
      host: options.host,
      port: options.port,
      log: (line) => process.stderr.write(`${line}\n`),
      redactor,
    });
  } catch (error) {
    const taken = (error as { code?: unknown }).code === 'EADDRINUSE';
    const hint = taken ? ' — another process listens there: choose another port with --port' : '';
    process.stderr.write(`error: the dashboard could not start: ${(error as Error).message}${hint}\n`);
    return EXIT.runtime;
  }
  // Stopped as every command is interrupted (Ctrl-C, a terminal closed, a service manager's SIGTERM): exit 130.
  // Listened for before the address is said, so a Ctrl-C as soon as it shows is caught, not the process's end.
  const stopped = new Promise<void>((resolveStop) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolveStop());
  });
  process.stdout.write(`holodeck dashboard: ${dashboard.url}  (runs from ${resultsDir}; Ctrl-C to stop)\n`);
  if (!LOOPBACK.test(options.host)) {
    process.stderr.write(
      `warning: the dashboard listens on ${options.host || 'every interface'}, not only this machine: whoever can reach it can read the run records (answers, tool results) — the default --host 127.0.0.1 keeps it local\n`,
    );
  }
  if (options.open) openBrowser(dashboard.url);
  await stopped;
  await dashboard.close();
  return EXIT.interrupted;
}

/** Addresses only this machine reaches. */
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|\[::1\]|localhost)$/i;

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`could not open a browser; visit ${url}\n`));
  child.unref();
}
