/**
 * holodeck and promptfoo side by side, in one run, on the same workloads against the same fake OpenAI
 * server in this process: cold start, time to the first model request, 1,000 and 5,000 single-turn cases at
 * zero latency, 400 single-turn cases and 100 four-turn conversations at 200 ms. Every figure is the whole
 * process from spawn to exit. Prints one table (figure, holodeck, promptfoo, ratio), then the details.
 *
 *   npm run bench:compare -- --with-promptfoo            # the full table (installs promptfoo once)
 *   npm run bench:compare -- --scale 0.05 --runs 2       # a quick check of the harness
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAverage } from '../lib/run-cli.js';
import { startCompareFake } from './compare-fake.js';
import { type CompareOptions, parseCompareOptions, USAGE } from './compare-options.js';
import { type CompareTool, HOLODECK_CLI, holodeckTool, promptfooTool } from './compare-tools.js';
import { describeResult, isValidResult } from './describe-result.js';
import { formatTable, type TableRow } from './format-table.js';
import { defaultPromptfooDir, findPromptfoo, installPromptfoo, PROMPTFOO_VERSION } from './promptfoo-install.js';
import { runWorkload } from './run-workload.js';

async function main(options: CompareOptions): Promise<number> {
  if (!existsSync(HOLODECK_CLI)) throw new Error(`${HOLODECK_CLI} is missing: run \`npm run build\` first`);
  const promptfooDir = options.promptfoo_dir ?? defaultPromptfooDir();
  let promptfoo = await findPromptfoo(promptfooDir);
  if (promptfoo === null && options.with_promptfoo) promptfoo = await installPromptfoo(promptfooDir);
  const scratch = await mkdtemp(join(tmpdir(), 'holodeck-compare-'));
  const tools: CompareTool[] = [holodeckTool()];
  if (promptfoo !== null) tools.push(promptfooTool(promptfoo, join(scratch, 'promptfoo-config')));
  const loadBefore = await loadAverage();
  const rows: TableRow[] = [];
  const details: string[] = [];
  try {
    for (const workload of options.workloads) {
      const fake = await startCompareFake(workload.latency_ms);
      const results = new Map<string, Awaited<ReturnType<typeof runWorkload>>>();
      try {
        for (const tool of tools) {
          process.stderr.write(`${workload.id}: ${tool.name} …\n`);
          const result = await runWorkload(tool, workload, fake, {
            runs: options.runs,
            timeout_ms: options.timeout_ms,
            scratch,
          });
          results.set(tool.name, result);
          details.push(...describeResult(tool.name, workload, result));
        }
      } finally {
        await fake.close();
      }
      rows.push({ workload, holodeck: results.get('holodeck') ?? null, promptfoo: results.get('promptfoo') ?? null });
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const versions = `holodeck (this checkout) vs promptfoo ${promptfoo === null ? '(not run)' : PROMPTFOO_VERSION}`;
  console.log(`side by side against the same fake OpenAI server: ${versions}, Node ${process.versions.node}`);
  console.log(`load ${loadBefore} → ${await loadAverage()}`);
  console.log('');
  console.log(formatTable(rows));
  console.log('');
  console.log(details.join('\n'));
  if (promptfoo === null) {
    console.log('');
    console.log(
      `promptfoo ${PROMPTFOO_VERSION} is not installed in ${promptfooDir}: ` +
        '`npm run bench:compare -- --with-promptfoo` installs it there (outside the repository, about 1.4 GB) ' +
        "and fills promptfoo's column.",
    );
  }
  // A holodeck run that did not do the work means the harness or holodeck is broken: say so by the exit code.
  return rows.every((row) => row.holodeck !== null && isValidResult(row.workload, row.holodeck)) ? 0 : 1;
}

let options: CompareOptions;
try {
  options = parseCompareOptions(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`bench:compare: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
main(options).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:compare: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
