/**
 * `execution:` of agent.yaml: the settings of a run, each also a `holodeck test` option and a HOLODECK_<NAME>
 * variable. `output`, `format`, `verbose` and `quiet` are the reports and the detail `--output`, `--format`,
 * `-v` and `-q` give; `backend` is not one of them: it is a top-level key.
 */
import { z } from 'zod';
import { MAX_TIMER_SECONDS } from '../../core/max-timer.js';
import {
  REPORT_EXTENSIONS_SAID,
  REPORT_FILE_FORMATS,
  REPORT_FORMAT_NAMES,
  reportFormatOfName,
} from '../../core/report-file-format.js';
import { didYouMean } from '../did-you-mean.js';
import { ISSUE } from '../issue-codes.js';
import { addIssue, booleanField, envEnum, nonBlankString, numberField, objectRule, shareField } from './fields.js';
import { rateLimitSchema } from './rate-limit-schema.js';
import { type KeyIssueWording, withIssue } from './schema-meta.js';
import { TOOL_NAME_MATCHES } from './turn-schema.js';

const executionFields = z.strictObject({
  llm_timeout: numberField(z.number().positive().max(MAX_TIMER_SECONDS))
    .optional()
    .describe('Per-turn agent timeout in seconds (default 60).'),
  parallel_test_cases: numberField(z.number().int().min(1)).optional().describe('Test cases run at once (default 1).'),
  max_retries: numberField(z.number().int().min(0))
    .optional()
    .describe('Retries of a failed model request (default 3).'),
  max_steps: numberField(z.number().int().min(1).max(1000))
    .optional()
    .describe(
      'Model calls one turn may make, each with the tool calls it asks for, before it must answer; a turn still calling tools then fails (default 10).',
    ),
  limit: numberField(z.number().int().min(1)).optional().describe('Run only the first N test cases.'),
  filter: nonBlankString()
    .optional()
    .describe('Run only test cases whose name contains this text (* and ? are wildcards).'),
  results_dir: nonBlankString().optional().describe('Where run records go (default: results/ beside the config).'),
  cache: booleanField()
    .optional()
    .describe(
      'Answer unchanged model requests from the on-disk cache and store new answers (default false); requests with temperature above 0 are cached only with --cache.',
    ),
  redact: z
    .array(nonBlankString())
    .optional()
    .describe('Environment variables whose values are masked in every output, beside the ones found by name.'),
  fail_on_tool_error: booleanField()
    .optional()
    .describe('A turn in which a tool call returned an error fails, naming the tool and the error (default false).'),
  repeat: numberField(z.number().int().min(1).max(1000))
    .optional()
    .describe('Run each test case N times, each in a fresh session, for pass rates, pass^k and flakiness (default 1).'),
  min_pass_rate: shareField(z.number().gt(0).max(1))
    .optional()
    .describe(
      'With repeat: a test case passes when at least this share of its repeats passed, e.g. 0.8 or "80%" (default 1).',
    ),
  tool_name_match: envEnum(TOOL_NAME_MATCHES)
    .optional()
    .describe('How expected tool names match called ones: substring (default) or exact; an entry may set name_match.'),
  distinct_calls: booleanField()
    .optional()
    .describe(
      'One tool call satisfies at most one expected_tools entry of a turn, assigned by maximum matching (default false); a turn may set distinct_calls.',
    ),
  rate_limit: rateLimitSchema
    .optional()
    .describe(
      "Default rate limit of every model (the agent's and the judges') that sets no rate_limit of its own, e.g. { requests_per_minute: 500 }; each model gets its own.",
    ),
  output: z
    .union([nonBlankString(), z.array(nonBlankString())])
    .optional()
    .describe(
      'Reports to write, a path or a list of paths relative to this file; the format comes from the extension: .json, .md, .xml (JUnit), .html. --output on the command line replaces them.',
    ),
  format: envEnum(REPORT_FILE_FORMATS)
    .optional()
    .describe('json, markdown, junit or html: the format of the output files whose extension names none.'),
  verbose: booleanField()
    .optional()
    .describe('Print every turn: input, answer, tool calls, assertions, metric scores and reasoning (default false).'),
  quiet: booleanField().optional().describe('Print the summary only (default false); not with verbose.'),
});

export const executionSchema = withIssue(executionFields.check(objectRule(executionRules)), {
  unknownKey: misplacedKey,
});

/** `verbose` and `quiet` together, `format` without `output`, a report whose format cannot be told. */
function executionRules(execution: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  if (execution['verbose'] === true && execution['quiet'] === true) {
    addIssue(ctx, ISSUE.conflictingKeys, ['quiet'], '`verbose` and `quiet` are both true', {
      hint: 'set one of them: verbose prints every turn, quiet the summary only',
      target: 'key',
    });
  }
  const output = execution['output'];
  const paths = typeof output === 'string' ? [output] : Array.isArray(output) ? output : [];
  const format = REPORT_FILE_FORMATS.find((name) => name === execution['format']);
  if (format !== undefined && paths.length === 0) {
    addIssue(ctx, ISSUE.missingKey, ['format'], '`format` sets the format of the `output` files, and there is none', {
      hint: 'add output: report.json (a path, or a list of paths), or drop format',
      target: 'key',
    });
  }
  paths.forEach((path, index) => {
    if (typeof path !== 'string') return;
    const at = typeof output === 'string' ? ['output'] : ['output', index];
    const named = reportFormatOfName(path);
    if (format !== undefined && named !== undefined && named !== format) {
      addIssue(
        ctx,
        ISSUE.invalidValue,
        at,
        `${path} is a ${REPORT_FORMAT_NAMES[named]} file name, but format is ${format}`,
        {
          hint: `drop format (the extension chooses), or name the file for ${REPORT_FORMAT_NAMES[format]}`,
        },
      );
    }
    if (format === undefined && named === undefined) {
      addIssue(ctx, ISSUE.invalidValue, at, `cannot tell the report format of "${path}" from its extension`, {
        hint: `use ${REPORT_EXTENSIONS_SAID}, or set format: json|markdown|junit|html`,
      });
    }
  });
}

/** `backend:` written inside `execution:` — it is a key of its own, at the top of agent.yaml. */
function misplacedKey(key: string): KeyIssueWording {
  if (key === 'backend') {
    return {
      code: ISSUE.unknownKey,
      message: '`backend` is not an execution setting: it is a top-level key of agent.yaml',
      hint: 'move it out of execution: to the top level, e.g. `backend: ai_sdk` (or claude_agent_sdk) beside `model:`',
    };
  }
  const allowed = Object.keys(executionFields.shape);
  return {
    code: ISSUE.unknownKey,
    message: `unknown key \`${key}\``,
    hint: didYouMean(key, allowed) ?? `allowed keys: ${allowed.join(', ')}`,
  };
}
