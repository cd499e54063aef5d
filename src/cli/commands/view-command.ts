/** `holodeck test view`: serve the dashboard of stored run records, or export one run as a static HTML file. */

import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { substituteEnv } from '../../config/substitute-env.js';
import { fileKindOf } from '../../core/file-kind.js';
import { createRedactor } from '../../core/redactor.js';
import { DashboardError, type DashboardErrorCode } from '../../dashboard/dashboard-error.js';
import { exportStaticReport } from '../../dashboard/export-static-report.js';
import { startDashboard } from '../../dashboard/start-dashboard.js';
import { writeStreamAtomic } from '../../reporters/atomic-write.js';
import { agentSlug } from '../../reporters/run-record-path.js';
import { outputPlaceProblem } from '../check-output-places.js';
import { collectSecrets } from '../collect-secrets.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { redactProcessOutput } from '../redact-process-output.js';

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
  const settings = await readViewSettings(configArg);
  const resultsDir = options.resultsDir ? resolve(options.resultsDir) : resultsDirOf(settings);
  // Served all the same (the runs may be there), but not silently: results_dir and the agent are not known.
  if (settings.unread !== undefined && !options.resultsDir && configArg !== DEFAULT_CONFIG) {
    process.stderr.write(`warning: ${settings.unread}: showing the runs in ${resultsDir}\n`);
  }
  // A folder that cannot hold runs would be shown as one without any, for ever.
  const notFolder = await resultsFolderProblem(resultsDir);
  if (notFolder !== null) {
    process.stderr.write(`error: the results folder ${resultsDir} ${notFolder}: give --results-dir a folder\n`);
    return EXIT.config;
  }
  if (options.export) {
    try {
      const outPath = resolve(options.export);
      const placeProblem = await outputPlaceProblem([{ path: outPath, format: 'html' }]);
      if (placeProblem !== null) {
        process.stderr.write(`error: ${placeProblem}\n`);
        return EXIT.config;
      }
      const written = await exportStaticReport({
        resultsDir,
        runId: options.run,
        outPath,
        redactor,
        write: writeStreamAtomic,
        onPassedOver: (note) => process.stderr.write(`note: exporting the latest readable run: ${note}\n`),
        // The config's own runs: other agents may keep theirs in the same results folder.
        ...(settings.name === undefined ? {} : { agentSlug: agentSlug(redactor.text(settings.name)) }),
      });
      process.stdout.write(`wrote ${written}\n`);
      return EXIT.ok;
    } catch (error) {
      // A run that cannot be found or read is a mistake of the command line; anything else failed writing.
      if (error instanceof DashboardError && RUN_PROBLEMS.has(error.code)) {
        process.stderr.write(`error: ${error.message}\n`);
        return EXIT.config;
      }
      process.stderr.write(`error: cannot write the report ${options.export}: ${exportFailure(error)}\n`);
      return EXIT.runtime;
    }
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
  process.stdout.write(`holodeck dashboard: ${dashboard.url}  (runs from ${resultsDir}; Ctrl-C to stop)\n`);
  if (!LOOPBACK.test(options.host)) {
    process.stderr.write(
      `warning: the dashboard listens on ${options.host || 'every interface'}, not only this machine: whoever can reach it can read the run records (answers, tool results) — the default --host 127.0.0.1 keeps it local\n`,
    );
  }
  if (options.open) openBrowser(dashboard.url);
  await new Promise<void>((resolveStop) => {
    const stop = () => resolveStop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await dashboard.close();
  return EXIT.ok;
}

/** Why `--export` found no run to write: the command line's mistake (exit 2). */
const RUN_PROBLEMS: ReadonlySet<DashboardErrorCode> = new Set([
  'INVALID_RUN_ID',
  'RUN_NOT_FOUND',
  'RECORD_UNREADABLE',
  'NO_RUNS',
]);

function exportFailure(error: unknown): string {
  if (error instanceof RangeError) {
    return `the run is too large to export as one page (${error.message}): open it in the dashboard instead (holodeck test view), or keep runs smaller (--max-text-length when they run)`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Addresses only this machine reaches. */
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|\[::1\]|localhost)$/i;

/** What `test view` reads of the config: its folder, the agent's name and `execution.results_dir` (plain values). */
interface ViewSettings {
  readonly folder: string;
  readonly name?: string;
  readonly results_dir?: string;
  /** Why the config could not be read: its `execution.results_dir` and name are not known then. */
  readonly unread?: string;
}

async function readViewSettings(configArg: string): Promise<ViewSettings> {
  const path = resolve(configArg);
  const isFolder = existsSync(path) && statSync(path).isDirectory();
  const folder = isFolder ? path : dirname(path);
  const file = isFolder ? join(path, 'agent.yaml') : path;
  // `${VAR}` and `${VAR:-default}` filled as `holodeck test` fills them; a value naming an unset variable is left.
  const plain = (value: unknown) => {
    if (typeof value !== 'string') return undefined;
    const filled = substituteEnv(value, process.env);
    const text = filled.value;
    return filled.issues.length === 0 && typeof text === 'string' && text.trim() !== '' ? text : undefined;
  };
  try {
    const data = parseYaml(await readFile(file, 'utf8')) as {
      name?: unknown;
      execution?: { results_dir?: unknown };
    } | null;
    const name = plain(data?.name);
    const resultsDir = plain(data?.execution?.results_dir);
    return {
      folder,
      ...(name === undefined ? {} : { name }),
      ...(resultsDir === undefined ? {} : { results_dir: resultsDir }),
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { folder, unread: `there is no ${file}` };
    const yaml = error instanceof Error && error.name.startsWith('YAML');
    return { folder, unread: `${file} could not be read (${yaml ? 'not valid YAML' : (code ?? String(error))})` };
  }
}

/**
 * Where `holodeck test` puts this config's run records, as it reads them: `execution.results_dir` of agent.yaml
 * (from the config's folder), else HOLODECK_RESULTS_DIR (from the current one), else results/ beside the config.
 */
function resultsDirOf(settings: ViewSettings): string {
  if (settings.results_dir !== undefined) return resolve(settings.folder, settings.results_dir);
  const fromEnv = process.env['HOLODECK_RESULTS_DIR']?.trim();
  return fromEnv ? resolve(fromEnv) : join(settings.folder, 'results');
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`could not open a browser; visit ${url}\n`));
  child.unref();
}

/** Why `path` cannot be a results folder (a file, a path through a file); null when it is one or is not there yet. */
async function resultsFolderProblem(path: string): Promise<string | null> {
  try {
    const found = await stat(path);
    return found.isDirectory() ? null : `is ${found.isFile() ? 'a file' : fileKindOf(found)}, not a folder`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null; // the runs to come make it
    return code === 'ENOTDIR' ? 'is under a file, not a folder' : `cannot be read (${code ?? String(error)})`;
  }
}
