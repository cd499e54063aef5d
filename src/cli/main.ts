#!/usr/bin/env node
/** The `holodeck` command line. Only commander loads up front; each command loads what it needs. */
import { Command, InvalidArgumentError, Option } from 'commander';
import { EXIT } from './exit-codes.js';
import { readVersion } from './read-version.js';

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
  .exitOverride((error) => {
    const usageError =
      error.exitCode !== 0 && error.code !== 'commander.helpDisplayed' && error.code !== 'commander.version';
    process.exit(usageError ? EXIT.config : EXIT.ok);
  });

const test = program
  .command('test')
  .description('run the test cases of an agent configuration')
  .argument('[config]', 'agent.yaml, or a folder holding one', 'agent.yaml')
  .option('--output <path>', 'write a report (.json, .md, .xml JUnit); repeatable', collect, [])
  .addOption(new Option('--format <format>', 'report format for every --output').choices(['json', 'markdown', 'junit']))
  .option('-j, --parallel-test-cases <n>', 'run up to N test cases at once', positiveInt)
  .option('--timeout <seconds>', 'per-turn agent timeout (llm_timeout)', positiveNumber)
  .option('--limit <n>', 'run only the first N test cases', positiveInt)
  .option('--filter <pattern>', 'run only test cases whose name contains PATTERN (* and ? are wildcards)')
  .addOption(new Option('--backend <name>', 'override the backend').choices(['ai_sdk', 'claude_agent_sdk']))
  .option('--results-dir <dir>', 'where run records go (default: results/ beside the config)')
  .option('-v, --verbose', 'per-turn detail and metric reasoning')
  .option('-q, --quiet', 'summary only')
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
  .command('validate')
  .description('load and check the configuration only; no agent is called')
  .argument('[config]', 'agent.yaml, or a folder holding one', 'agent.yaml')
  .action(async (config: string) => {
    const { validateCommand } = await import('./commands/validate-command.js');
    process.exitCode = await validateCommand(config);
  });

await program.parseAsync(process.argv);
