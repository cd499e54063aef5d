#!/usr/bin/env node
import { Command, Option } from '@commander-js/extra-typings';
/** The `holodeck` command line. Only commander loads up front; each command loads what it needs. */
import { protectClock } from '../core/clock.js';
import { holdNurseries, nurseriesAreOurs, workersAsked } from './case-workers/hold-nurseries.js';
import { currentFolderProblem } from './environment-failure.js';
import { EXIT } from './exit-codes.js';
import { catchStrayErrors, exitOnFatalError } from './exit-on-fatal-error.js';
import {
  cacheDirOption,
  collect,
  MAX_FILE_SIZE_HELP,
  megabytes,
  modelOption,
  portNumber,
  positiveInt,
} from './option-parsers.js';
import type { ModelOverride } from './parse-model-option.js';
import { readVersion } from './read-version.js';
import { testCommandDefinition } from './test-command-definition.js';
import { tolerateClosedOutput } from './tolerate-closed-output.js';

// First: the run's clock and timers are taken before any user code can stub them (core/clock.ts).
protectClock();

// `holodeck test | head`: a console that goes away is no reason to stop.
tolerateClosedOutput();
// An error no command handled ends the process with a message and exit code of its own, never Node's exit 1.
catchStrayErrors();

// Under --workers this thread only coordinates: its young generation stays small from the start.
if (
  workersAsked(process.argv.slice(2), process.env) &&
  nurseriesAreOurs(process.execArgv, process.env['NODE_OPTIONS'])
) {
  holdNurseries();
}

const program = new Command('holodeck')
  .description('Test runner for LLM agents: multi-turn conversations, per-turn assertions on answers and tools')
  .version(readVersion(), '-V, --version')
  .showHelpAfterError('(run with --help for usage)')
  .addHelpText('after', '\nThe dashboard of stored runs: holodeck test view [config] (see holodeck test view --help).')
  // `holodeck view` and the like: the dashboard is a subcommand of test.
  .configureOutput({
    outputError: (text, write) =>
      write(
        /unknown command '(view|serve|dashboard|ui|show)'/.test(text)
          ? `${text.trimEnd()} — the dashboard is holodeck test view [config]\n`
          : text,
      ),
  })
  .enablePositionalOptions()
  .exitOverride((error) => {
    const usageError =
      error.exitCode !== 0 && error.code !== 'commander.helpDisplayed' && error.code !== 'commander.version';
    process.exit(usageError ? EXIT.config : EXIT.ok);
  })
  // Every command resolves paths from the current folder: one deleted under the shell fails them all.
  .hook('preAction', () => {
    const problem = currentFolderProblem();
    if (problem === null) return;
    process.stderr.write(`error: ${problem}\n`);
    process.exit(EXIT.config);
  });

const test = testCommandDefinition().copyInheritedSettings(program);
program.addCommand(test);
test.action(async (config, options) => {
  // git looks up the commit for the run record while the command's code loads.
  void import('./git-commit.js').then(({ prefetchGitCommit }) => prefetchGitCommit(config));
  // Function tools' threads start while the command's code loads, and load their modules meanwhile.
  void import('./tool-threads.js').then(({ toolThreadsFor }) => toolThreadsFor(config));
  const { testCommand } = await import('./commands/test-command.js');
  const code = await testCommand(config, options, process.argv.slice(2));
  const { exitWhenFlushed } = await import('./exit-when-flushed.js');
  await exitWhenFlushed(code);
});

test
  .command('view')
  .description('serve the dashboard of stored runs (127.0.0.1 only by default)')
  .argument('[config]', 'agent.yaml, or a folder holding one', 'agent.yaml')
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--port <port>', 'port to listen on (0 = any free port)', (value) => portNumber(value), 8600)
  .option('--open', 'open the dashboard in the default browser')
  .option(
    '--results-dir <dir>',
    'where run records are (default: where test puts them, results/ beside the config unless set)',
  )
  .option('--export <file>', 'write one self-contained HTML report of a run instead of serving')
  .option('--run <id>', 'with --export: the run to export (default: the latest)')
  .action(async (config, options) => {
    const { viewCommand } = await import('./commands/view-command.js');
    process.exitCode = await viewCommand(config, options);
  });

program
  .command('merge-reports')
  .description('combine the run records of shards (--shard i/n) into one run: record, reports, exit code')
  .argument('<paths...>', 'run records, or folders holding them (searched recursively)')
  .option('--output <path>', 'write a report (.json, .md, .xml JUnit, .html); repeatable', collect, [])
  .addOption(
    new Option('--format <format>', 'report format for every --output').choices(['json', 'markdown', 'junit', 'html']),
  )
  .option('--results-dir <dir>', 'where the merged run record goes (default: results/ beside the config)')
  .option('--max-text-length <n>', 'cut longer texts in the JSON report and run record (default 100000)', positiveInt)
  .option('--redact <name>', 'mask the value of environment variable NAME in every output; repeatable', collect, [])
  .option('-v, --verbose', 'per-turn detail and metric reasoning')
  .addOption(new Option('-q, --quiet', 'summary only').conflicts('verbose'))
  .action(async (paths, options) => {
    const { mergeReportsCommand } = await import('./commands/merge-reports-command.js');
    process.exitCode = await mergeReportsCommand(paths, options, process.argv.slice(2));
  });

program
  .command('compare')
  .description(
    'what changed from run A to run B: regressions first, metric, latency and cost deltas; exit 1 on a regression',
  )
  .argument('<run-a>', 'the baseline: a run record path, a run id (agent/timestamp), latest or latest~N')
  .argument('<run-b>', 'the run compared with it, written the same ways')
  .option('--results-dir <dir>', 'where run ids and latest are looked up (default: results/ in the current folder)')
  .action(async (runA, runB, options) => {
    const { compareCommand } = await import('./commands/compare-command.js');
    process.exitCode = await compareCommand(runA, runB, options);
  });

program
  .command('validate')
  .description('load and check the configuration only; no agent is called')
  .argument('[config]', 'agent.yaml, or a folder holding one', 'agent.yaml')
  .option(
    '--model <provider:name>',
    "check with this model instead of the agent's; repeatable: every model of a matrix is checked (as test --model)",
    (value: string, previous: readonly ModelOverride[]) => [...previous, modelOption(value)],
    [] as readonly ModelOverride[],
  )
  .addOption(new Option('--backend <name>', 'check with this backend').choices(['ai_sdk', 'claude_agent_sdk']))
  .option('--max-file-size <mb>', MAX_FILE_SIZE_HELP, megabytes)
  .action(async (config, options) => {
    const { validateCommand } = await import('./commands/validate-command.js');
    const models: readonly ModelOverride[] = options.model;
    const code = await validateCommand(config, {
      ...options,
      model: models.length === 1 ? models[0] : undefined,
      models,
    });
    const { exitWhenFlushed } = await import('./exit-when-flushed.js');
    await exitWhenFlushed(code);
  });

program
  .command('init')
  .description(
    'write a small, commented project (agent.yaml, instructions, two tools, a grader, .gitignore) to start from',
  )
  .argument('[dir]', 'the project folder; created if missing', '.')
  .option('--provider <provider>', 'openai | azure_openai | anthropic | ollama | openai_compatible (default ollama)')
  .option('--model <name>', "the model name (default: the provider's usual small model)")
  .action(async (dir, options) => {
    const { initCommand } = await import('./commands/init-command.js');
    process.exitCode = await initCommand(dir, options);
  });

program
  .command('cache')
  .description('manage the cache of model answers (--cache)')
  .command('clear')
  .description('remove every cached model answer')
  .option(
    '--cache-dir <dir>',
    'the cache folder (default: $XDG_CACHE_HOME/holodeck or ~/.cache/holodeck)',
    cacheDirOption,
  )
  .action(async (options) => {
    const { cacheClearCommand } = await import('./commands/cache-command.js');
    process.exitCode = await cacheClearCommand(options);
  });

await program.parseAsync(process.argv).catch(exitOnFatalError);
