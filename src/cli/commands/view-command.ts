/** `holodeck test view`: serve the dashboard of stored run records, or export one run as a static HTML file. */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createRedactor } from '../../core/redactor.js';
import { exportStaticReport } from '../../dashboard/export-static-report.js';
import { startDashboard } from '../../dashboard/start-dashboard.js';
import { writeFileAtomic } from '../../reporters/atomic-write.js';
import { outputPlaceProblem } from '../check-output-places.js';
import { collectSecrets } from '../collect-secrets.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { redactProcessOutput } from '../redact-process-output.js';

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
  const resultsDir = options.resultsDir ? resolve(options.resultsDir) : defaultResultsDir(configArg);
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
        write: writeFileAtomic,
      });
      process.stdout.write(`wrote ${written}\n`);
      return EXIT.ok;
    } catch (error) {
      process.stderr.write(`error: ${(error as Error).message}\n`);
      return EXIT.config;
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
    process.stderr.write(`error: the dashboard could not start: ${(error as Error).message}\n`);
    return EXIT.runtime;
  }
  process.stdout.write(`holodeck dashboard: ${dashboard.url}  (runs from ${resultsDir}; Ctrl-C to stop)\n`);
  if (options.open) openBrowser(dashboard.url);
  await new Promise<void>((resolveStop) => {
    const stop = () => resolveStop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await dashboard.close();
  return EXIT.ok;
}

/** results/ beside the config file (or inside the config folder). */
function defaultResultsDir(configArg: string): string {
  const path = resolve(configArg);
  const folder = existsSync(path) && statSync(path).isDirectory() ? path : dirname(path);
  return join(folder, 'results');
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`could not open a browser; visit ${url}\n`));
  child.unref();
}
