#!/usr/bin/env node
/** The `holodeck` command line. Only commander loads up front; each command loads what it needs. */
import { Command, InvalidArgumentError, Option } from 'commander';
import { EXIT } from './exit-codes.js';
import { parseModelOption } from './parse-model-option.js';
import { readVersion } from './read-version.js';
import { minPassRateOption, repeatOption } from './repeat-options.js';
import { parseShard } from './shard.js';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number >= 1');
  return n;
}

function positiveNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a number of seconds > 0');
  return n;
}

function nonNegativeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number of seconds >= 0');
  return n;
}

function dollars(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected an amount of US dollars > 0, e.g. 2.50');
  return n;
}

function megabytes(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a number of megabytes > 0');
  return n;
}

const MAX_FILE_SIZE_HELP =
  'largest agent.yaml or test cases file to read, in MB (default 10 for agent.yaml, 100 for a test cases file)';

function shardOption(value: string) {
  try {
    return parseShard(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

function modelOption(value: string) {
  const parsed = parseModelOption(value);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.message);
  return parsed.value;
}

function portNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port number 0..65535');
  return n;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

const program = new Command('holodeck')
  .description('Test runner for LLM agents: multi-turn conversations, per-turn assertions on answers and tools')
  .version(readVersion(), '-V, --version')
  .showHelpAfterError('(run with --help for usage)')
  .enablePositionalOptions()
  .exitOverride((error) => {
    const usageError =
      error.exitCode !== 0 && error.code !== 'commander.helpDisplayed' && error.code !== 'commander.version';
    process.exit(usageError ? EXIT.config : EXIT.ok);
  });

const test = program
  .command('test')
  .description('run the test cases of an agent configuration')
  .argument('[config]', 'agent.yaml, or a folder holding one', 'agent.yaml')
  .option('--output <path>', 'write a report (.json, .md, .xml JUnit, .html); repeatable', collect, [])
  .addOption(
    new Option('--format <format>', 'report format for every --output').choices(['json', 'markdown', 'junit', 'html']),
  )
  .option('-j, --parallel-test-cases <n>', 'run up to N test cases at once (default 1)', positiveInt)
  .option('--timeout <seconds>', 'per-turn agent timeout (llm_timeout, default 60)', positiveNumber)
  .option(
    '--repeat <n>',
    'run each test case N times, each in a fresh session: pass rates, pass^k, flakiness',
    repeatOption,
  )
  .option(
    '--min-pass-rate <rate>',
    'with --repeat: a case passes when this share of its repeats passed (default 1)',
    minPassRateOption,
  )
  .option('--limit <n>', 'run only the first N selected test cases', positiveInt)
  .option(
    '--filter <pattern>',
    'run test cases whose name contains PATTERN (* and ? are wildcards); repeatable: any of them',
    collect,
    [],
  )
  .option('--grep <regex>', 'run test cases whose name matches the regular expression')
  .option(
    '--exclude <pattern>',
    'leave out test cases whose name matches PATTERN (as --filter); repeatable',
    collect,
    [],
  )
  .option('--last-failed', 'run the test cases that failed or errored in the latest run of this config')
  .option(
    '--fail-on-tool-error',
    'fail every turn in which a tool call returned an error, naming the tool and the error (execution.fail_on_tool_error)',
  )
  .option(
    '--model <provider:name>',
    "override the agent's model, e.g. openai:gpt-4o-mini; repeatable: two or more run the suite once per model (a model matrix)",
    (value: string, previous: unknown[]) => [...previous, modelOption(value)],
    [],
  )
  .addOption(new Option('--backend <name>', 'override the backend').choices(['ai_sdk', 'claude_agent_sdk']))
  .option('--results-dir <dir>', 'where run records go (default: results/ beside the config)')
  .option(
    '--shard <i/n|auto>',
    'run only slice i of n of the selected test cases (merge with merge-reports); auto: from the CI environment',
    shardOption,
  )
  .option(
    '--shard-total <n>',
    "with --shard auto: the number of shards (a Kubernetes Indexed Job's completions)",
    positiveInt,
  )
  .option(
    '--resume [run]',
    'continue an interrupted run, running only its unfinished test cases; RUN is a run id (agent/timestamp) ' +
      'or a record path (default: the latest unfinished run of this config)',
  )
  .option(
    '--grace-period <seconds>',
    'after Ctrl-C, how long running test cases may take to finish before they are cancelled (default 10)',
    nonNegativeNumber,
  )
  .option('--max-text-length <n>', 'cut longer texts in the JSON report and run record (default 100000)', positiveInt)
  .option('--max-file-size <mb>', MAX_FILE_SIZE_HELP, megabytes)
  .option(
    '--max-cost <usd>',
    'start no new test case once the finished ones cost USD (running ones finish; the run is saved as interrupted, resumable)',
    dollars,
  )
  .option(
    '--dry-run',
    'load everything and connect the tools, then print the plan (cases, turns, model calls, estimated tokens and cost); no model is called',
  )
  .option(
    '--redact <name>',
    'mask the value of environment variable NAME in every output (beside those found by name); repeatable',
    collect,
    [],
  )
  .option(
    '--record <file>',
    'write every model request and its answer (agent and judges) to a cassette FILE (JSON Lines)',
  )
  .option('--replay <file>', 'answer every model request from the cassette FILE only: offline, no API key needed')
  .option(
    '--cache',
    'answer unchanged model requests from the on-disk cache, storing new answers (execution.cache); also caches temperature > 0',
  )
  .option('--cache-dir <dir>', 'the cache folder (default: $XDG_CACHE_HOME/holodeck or ~/.cache/holodeck)')
  .option('-v, --verbose', 'per-turn detail and metric reasoning')
  .option('-q, --quiet', 'summary only')
  .enablePositionalOptions()
  .action(async (config: string, options: Record<string, unknown>) => {
    const { testCommand } = await import('./commands/test-command.js');
    process.exitCode = await testCommand(config, options, process.argv.slice(2));
  });

test
  .command('view')
  .description('serve the dashboard of stored runs (127.0.0.1 only by default)')
  .argument('[config]', 'agent.yaml, or a folder holding one', 'agent.yaml')
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--port <port>', 'port to listen on (0 = any free port)', (value) => portNumber(value), 8600)
  .option('--open', 'open the dashboard in the default browser')
  .option('--results-dir <dir>', 'where run records are (default: results/ beside the config)')
  .option('--export <file>', 'write one self-contained HTML report of a run instead of serving')
  .option('--run <id>', 'with --export: the run to export (default: the latest)')
  .action(async (config: string, options: Record<string, unknown>) => {
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
  .option('-q, --quiet', 'summary only')
  .action(async (paths: string[], options: Record<string, unknown>) => {
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
  .action(async (runA: string, runB: string, options: Record<string, unknown>) => {
    const { compareCommand } = await import('./commands/compare-command.js');
    process.exitCode = await compareCommand(runA, runB, options);
  });

program
  .command('validate')
  .description('load and check the configuration only; no agent is called')
  .argument('[config]', 'agent.yaml, or a folder holding one', 'agent.yaml')
  .option('--model <provider:name>', "check with this model instead of the agent's", modelOption)
  .addOption(new Option('--backend <name>', 'check with this backend').choices(['ai_sdk', 'claude_agent_sdk']))
  .option('--max-file-size <mb>', MAX_FILE_SIZE_HELP, megabytes)
  .action(async (config: string, options: Record<string, unknown>) => {
    const { validateCommand } = await import('./commands/validate-command.js');
    process.exitCode = await validateCommand(config, options);
  });

program
  .command('init')
  .description('write a small, commented project (agent.yaml, instructions, a tool, a grader) to start from')
  .argument('[dir]', 'the project folder; created if missing', '.')
  .option('--provider <provider>', 'openai | azure_openai | anthropic | ollama | openai_compatible (default ollama)')
  .option('--model <name>', "the model name (default: the provider's usual small model)")
  .action(async (dir: string, options: Record<string, unknown>) => {
    const { initCommand } = await import('./commands/init-command.js');
    process.exitCode = await initCommand(dir, options);
  });

program
  .command('cache')
  .description('manage the cache of model answers (--cache)')
  .command('clear')
  .description('remove every cached model answer')
  .option('--cache-dir <dir>', 'the cache folder (default: $XDG_CACHE_HOME/holodeck or ~/.cache/holodeck)')
  .action(async (options: Record<string, unknown>) => {
    const { cacheClearCommand } = await import('./commands/cache-command.js');
    process.exitCode = await cacheClearCommand(options);
  });

await program.parseAsync(process.argv);
