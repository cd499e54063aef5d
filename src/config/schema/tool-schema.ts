/** `tools:` — function tools (a module export) and MCP servers (stdio or streamable HTTP). */
import { z } from 'zod';
import { ISSUE } from '../issue-codes.js';
import {
  addIssue,
  hasKey,
  httpUrl,
  isRecord,
  listRule,
  nonBlankString,
  objectRule,
  uniqueNamesRule,
} from './fields.js';
import { withIssue } from './schema-meta.js';

const toolName = withIssue(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), {
  code: ISSUE.invalidToolName,
  message: 'must be 1 to 64 letters, digits, `_` or `-`',
  hint: 'model providers accept only these characters in tool names',
});

const toolPrefix = withIssue(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/), {
  code: ISSUE.invalidToolName,
  message: 'must be 1 to 32 letters, digits, `_` or `-`',
  hint: 'the prefix becomes part of every tool name, and model providers accept only these characters',
});

const exportName = withIssue(z.string().regex(/^[A-Za-z_$][\w$]*$/), {
  message: 'must be the name of an export (an identifier, or `default`)',
});

export const functionToolSchema = z.strictObject({
  name: toolName,
  type: z.literal('function'),
  file: nonBlankString().describe('The module, relative to the config (TypeScript or JavaScript).'),
  function: exportName.optional().describe('The export; defaults to the tool name.'),
  description: z.string().optional(),
  parameters: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('JSON Schema of the arguments object; required when the export is a plain function.'),
});

const STDIO_ONLY = ['args', 'env', 'cwd'] as const;

export const mcpToolSchema = z
  .strictObject({
    name: toolName,
    type: z.literal('mcp'),
    command: nonBlankString().optional().describe('stdio transport: the server command.'),
    args: z.array(z.string()).optional(),
    env: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    cwd: nonBlankString().optional(),
    url: httpUrl().optional().describe('Streamable HTTP transport: the server URL.'),
    headers: z.record(z.string(), z.string()).optional(),
    include: z
      .array(nonBlankString())
      .optional()
      .describe("Offer only these tools of the server (the server's own names)."),
    exclude: z
      .array(nonBlankString())
      .optional()
      .describe("Leave these tools of the server out (the server's own names)."),
    prefix: toolPrefix
      .optional()
      .describe(
        'Put before every tool name the agent sees, e.g. "fs_" (the server is still called with its own names).',
      ),
  })
  .check(objectRule(checkTransport))
  .check(objectRule(checkSelection));

function checkTransport(tool: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  const stdio = hasKey(tool, 'command');
  const http = hasKey(tool, 'url');
  const hint = 'use command: (with args, env, cwd) for a stdio server, or url: (with headers) for an HTTP server';
  if (stdio === http) {
    const message = stdio
      ? 'an MCP tool has either `command` or `url`, not both'
      : 'an MCP tool needs `command` or `url`';
    addIssue(ctx, ISSUE.mcpTransport, stdio ? ['url'] : [], message, { hint, target: stdio ? 'key' : 'value' });
    return;
  }
  const misplaced = stdio ? (['headers'] as const) : STDIO_ONLY;
  for (const key of misplaced) {
    if (!hasKey(tool, key)) continue;
    const transport = stdio ? 'a stdio server (`command`)' : 'an HTTP server (`url`)';
    addIssue(ctx, ISSUE.mcpTransport, [key], `\`${key}\` does not apply to ${transport}`, { hint, target: 'key' });
  }
}

/** A tool both included and excluded is a contradiction, not a choice. */
function checkSelection(tool: Record<string, unknown>, ctx: z.core.$RefinementCtx): void {
  if (!Array.isArray(tool['include']) || !Array.isArray(tool['exclude'])) return;
  const included = new Set(tool['include']);
  tool['exclude'].forEach((name: unknown, index) => {
    if (typeof name !== 'string' || !included.has(name)) return;
    addIssue(ctx, ISSUE.conflictingKeys, ['exclude', index], `"${name}" is both included and excluded`, {
      hint: 'remove it from one of the two lists',
    });
  });
}

export const toolSchema = z.discriminatedUnion('type', [functionToolSchema, mcpToolSchema]);

export function toolNameOf(tool: unknown): string | null {
  return isRecord(tool) && typeof tool['name'] === 'string' ? tool['name'] : null;
}

export const uniqueToolNames = uniqueNamesRule(toolNameOf, (name, first) => ({
  message: `duplicate tool name "${name}"`,
  hint: `tools[${first}] has the same name; tool names must be unique`,
}));

export const toolListSchema = z.array(toolSchema).check(listRule(uniqueToolNames));

export type ToolInput = z.output<typeof toolSchema>;
export type FunctionToolInput = z.output<typeof functionToolSchema>;
export type McpToolInput = z.output<typeof mcpToolSchema>;
