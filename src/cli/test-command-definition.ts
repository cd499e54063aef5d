/**
 * The options of each command, defined once: the option types the commands receive are inferred from these
 * definitions (commander's extra typings), so an option's type cannot drift from how it is parsed.
 */
import { Command, Option } from '@commander-js/extra-typings';
import {
  cacheDirOption,
  collect,
  collectPattern,
  dollars,
  MAX_FILE_SIZE_HELP,
  megabytes,
  modelOption,
  nonNegativeSeconds,
  positiveInt,
  positiveSeconds,
  shardOption,
} from './option-parsers.js';
import type { ModelOverride } from './parse-model-option.js';
import { minPassRateOption, repeatOption } from './repeat-options.js';

/** `holodeck test`: its options, without an action. */
export function testCommandDefinition() {
  return (
    new Command('test')
      .description('run the test cases of an agent configuration')
      .argument('[config]', 'agent.yaml, or a folder holding one', 'agent.yaml')
      .option('--output <path>', 'write a report (.json, .md, .xml JUnit, .html); repeatable', collect, [])
      .addOption(
        new Option('--format <format>', 'report format for every --output').choices([
          'json',
          'markdown',
          'junit',
          'html',
        ]),
      )
      .option('-j, --parallel-test-cases <n>', 'run up to N test cases at once (default 1)', positiveInt)
      .option(
        '--workers <n>',
        'run the conversations on N worker threads, the main thread coordinating (default 1: none; HOLODECK_WORKERS)',
        positiveInt,
      )
      .option('--timeout <seconds>', 'per-turn agent timeout (llm_timeout, default 60)', positiveSeconds)
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
        collectPattern,
        [],
      )
      .option('--grep <regex>', 'run test cases whose name matches the regular expression')
      .option(
        '--exclude <pattern>',
        'leave out test cases whose name matches PATTERN (as --filter); repeatable',
        collectPattern,
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
        (value: string, previous: readonly ModelOverride[]) => [...previous, modelOption(value)],
        [] as readonly ModelOverride[],
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
        nonNegativeSeconds,
      )
      .option(
        '--max-text-length <n>',
        'cut longer texts in the JSON report and run record (default 100000)',
        positiveInt,
      )
      .option('--max-file-size <mb>', MAX_FILE_SIZE_HELP, megabytes)
      .option(
        '--max-cost <usd>',
        'start no new test case once the finished ones spent USD (answers replayed or cached are free; running ones finish; the run is saved as interrupted, resumable)',
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
      .option(
        '--cache-dir <dir>',
        'the cache folder (default: $XDG_CACHE_HOME/holodeck or ~/.cache/holodeck)',
        cacheDirOption,
      )
      .option('-v, --verbose', 'per-turn detail and metric reasoning')
      // Both at once would leave one unsaid: a usage error.
      .addOption(new Option('-q, --quiet', 'summary only').conflicts('verbose'))
      .enablePositionalOptions()
  );
}

/** The options of `holodeck test` as commander parses them. */
export type RawTestOptions = ReturnType<ReturnType<typeof testCommandDefinition>['opts']>;
