/** A turn's tool calls, its expected tools and the outcome of each tool check, in the JSON report. */
import { z } from 'zod';
import { jsonValueSchema } from './json-value-schema.js';

const count = z.number().int().min(0);

export const toolInvocationSchema = z
  .strictObject({
    name: z.string().describe('The tool the agent called, as the agent sees it (an MCP prefix included).'),
    args: z.record(z.string(), z.unknown()).describe('The arguments the agent gave.'),
    result: z.unknown().describe('What the tool returned (JSON), or null when it failed.'),
    error: z
      .string()
      .nullable()
      .describe('Why the call failed: the tool threw or returned an error, or the call was invalid; else null.'),
    duration_ms: z
      .number()
      .min(0)
      .nullable()
      .describe('How long the call took; null when it was not timed (a call that never ran, a Claude Code tool).'),
  })
  .meta({ id: 'ToolInvocation', description: 'One call of a tool by the agent.' });

export const expectedToolReportSchema = z
  .strictObject({
    name: z.string().describe('The expected tool name, as written.'),
    args: z
      .record(z.string(), jsonValueSchema)
      .nullable()
      .describe(
        'Asserted arguments as written: a literal value, { "fuzzy": "..." } or { "regex": "..." }; null when none.',
      ),
    count: count.describe('At least this many matching calls; 0 = must not be called (forbidden_tools, count: 0).'),
  })
  .meta({
    id: 'ExpectedTool',
    description: 'An expected_tools entry as written; forbidden_tools entries follow as entries of count 0.',
  });

export const toolAssertionResultSchema = z
  .strictObject({
    tool: z
      .string()
      .describe(
        'The expected tool name; for a fail_on_tool_error check the tool called, for the step limit the last one called.',
      ),
    args: z
      .record(z.string(), jsonValueSchema)
      .nullable()
      .describe('The asserted arguments as written; null when none are asserted.'),
    count: count.describe(
      '0: a forbidden_tools entry or count 0, passed when no call matched (the offending calls named in reason).',
    ),
    passed: z.boolean().describe('The check held.'),
    matched_call_index: z
      .number()
      .int()
      .min(-1)
      .describe(
        "Index in the turn's tool_invocations of the first satisfying call (under distinct_calls or strict order, the first call given to this entry), or -1.",
      ),
    matching_calls: count.describe(
      'How many calls satisfy the entry (name and arguments), whichever entry they were given to.',
    ),
    assigned_calls: z
      .array(z.number().int().min(0))
      .optional()
      .describe(
        'Under distinct_calls: the calls given to this entry, each satisfying no other entry (absent otherwise, and for count 0).',
      ),
    reason: z.string().nullable().describe('Why the assertion failed; null when it passed.'),
  })
  .meta({
    id: 'ToolAssertionResult',
    description:
      'One tool check of a turn: an expected_tools or forbidden_tools entry, then under fail_on_tool_error one failed check per call that returned an error, then one failed check when the turn reached execution.max_steps still calling tools.',
  });
