/**
 * Tools as validated → ToolConfig; function tools are imported and their definition filled in (or taken as given
 * by the thread that imported them: see LoadConfigOptions.function_tools).
 */
import { resolve } from 'node:path';
import type { FunctionToolConfig, McpToolConfig, ResolvedFunctionTool, ToolConfig } from '../core/config-types.js';
import { importModuleExport } from '../loader/import-user-export.js';
import type { BuildContext } from './build-context.js';
import { describeExport, loadFailureHint } from './describe-load-failure.js';
import { ISSUE } from './issue-codes.js';
import { type ConfigPath, pendingIssue } from './pending-issue.js';
import { isRecord } from './schema/fields.js';
import type { FunctionToolInput, McpToolInput, ToolInput } from './schema/tool-schema.js';

export async function buildTool(tool: ToolInput, path: ConfigPath, ctx: BuildContext): Promise<ToolConfig | null> {
  return tool.type === 'mcp' ? buildMcpTool(tool, ctx) : buildFunctionTool(tool, path, ctx);
}

function buildMcpTool(tool: McpToolInput, ctx: BuildContext): McpToolConfig {
  const stdio = tool.command !== undefined;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(tool.env ?? {})) env[key] = String(value);
  return {
    type: 'mcp',
    name: tool.name,
    command: tool.command ?? null,
    args: tool.args ?? [],
    env,
    cwd: stdio ? resolve(ctx.baseDir, tool.cwd ?? '.') : null,
    url: tool.url ?? null,
    headers: tool.headers ?? {},
    include: tool.include ?? null,
    exclude: tool.exclude ?? [],
    prefix: tool.prefix ?? '',
  };
}

async function buildFunctionTool(
  tool: FunctionToolInput,
  path: ConfigPath,
  ctx: BuildContext,
): Promise<FunctionToolConfig | null> {
  const exportName = tool.function ?? tool.name;
  const given = ctx.givenTools[tool.name];
  if (given !== undefined && given.function === exportName) {
    return functionToolConfig(tool, given.file, exportName, {
      description: given.description,
      parameters: given.parameters,
    });
  }
  const loaded = await importModuleExport(tool.file, exportName, ctx.baseDir);
  if (!loaded.ok) {
    const where = loaded.reason === 'no_export' ? (tool.function === undefined ? 'name' : 'function') : 'file';
    const message = `cannot load tool "${tool.name}": ${loaded.message}`;
    const hint = loadFailureHint(loaded, exportName);
    ctx.issues.add(pendingIssue(ISSUE.toolUnresolved, [...path, where], message, { hint }));
    return null;
  }
  const definition = toDefinition(tool, loaded.value, exportName, path, ctx);
  if (!definition) return null;
  return functionToolConfig(tool, loaded.module, exportName, definition);
}

function functionToolConfig(
  tool: FunctionToolInput,
  file: string,
  exportName: string,
  definition: ResolvedFunctionTool,
): FunctionToolConfig {
  return {
    type: 'function',
    name: tool.name,
    description: tool.description ?? null,
    file,
    function: exportName,
    parameters: tool.parameters ?? null,
    definition,
  };
}

/** A plain function needs `parameters` from the YAML; a definition object carries its own (the YAML overrides). */
function toDefinition(
  tool: FunctionToolInput,
  value: unknown,
  exportName: string,
  path: ConfigPath,
  ctx: BuildContext,
): ResolvedFunctionTool | null {
  if (typeof value === 'function') {
    if (!tool.parameters) {
      const message = `tool "${tool.name}": the export "${exportName}" is a plain function, so \`parameters\` is required`;
      const hint =
        'add parameters: (a JSON Schema object such as { type: object, properties: {...}, required: [...] }), ' +
        'or export a tool definition { description, parameters, execute }';
      ctx.issues.add(
        pendingIssue(ISSUE.toolParametersRequired, [...path, 'parameters'], message, { hint, target: 'parent' }),
      );
      return null;
    }
    const execute = value as NonNullable<ResolvedFunctionTool['execute']>;
    return { description: tool.description ?? '', parameters: tool.parameters, execute };
  }
  if (isRecord(value) && typeof value['execute'] === 'function') {
    const parameters = tool.parameters ?? (isRecord(value['parameters']) ? value['parameters'] : null);
    if (parameters) {
      const description = tool.description ?? (typeof value['description'] === 'string' ? value['description'] : '');
      return { description, parameters, execute: value['execute'] as NonNullable<ResolvedFunctionTool['execute']> };
    }
  }
  const message = `tool "${tool.name}": the export "${exportName}" is neither a function nor a tool definition (it is ${describeExport(value)})`;
  const hint = 'export a function, or an object { description, parameters (JSON Schema), execute(args) }';
  ctx.issues.add(
    pendingIssue(ISSUE.toolInvalidExport, [...path, tool.function === undefined ? 'name' : 'function'], message, {
      hint,
    }),
  );
  return null;
}
