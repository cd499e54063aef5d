/** `backend:` — ai_sdk (default), claude_agent_sdk, or `{ module: "path:export" }`. */
import { z } from 'zod';
import { envEnum, exportSpec } from './fields.js';
import { withIssue } from './schema-meta.js';

export const BACKEND_NAMES = ['ai_sdk', 'claude_agent_sdk'] as const;

const backendName = withIssue(envEnum(BACKEND_NAMES), {
  hint: 'or { module: "agents/my-agent.ts:createAgent" } for your own agent',
});

export const backendSchema = z
  .union([
    backendName,
    z.strictObject({
      module: exportSpec('agents/my-agent.ts:createAgent').describe(
        '"path/or/package:exportName" of a ModuleAgentFactory.',
      ),
    }),
    z.strictObject({
      claude_agent_sdk: z
        .strictObject({
          builtin_tools: z
            .array(
              withIssue(z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/), {
                hint: 'use a Claude Code tool name such as Read, Grep, Bash or WebFetch',
              }),
            )
            .describe("Claude Code's own tools to enable (e.g. Read, Grep, Bash, WebFetch); none by default."),
        })
        .partial(),
    }),
  ])
  .describe(
    'ai_sdk (default) | claude_agent_sdk | { claude_agent_sdk: { builtin_tools } } | { module: "path:export" }',
  );

export type BackendInput = z.output<typeof backendSchema>;
