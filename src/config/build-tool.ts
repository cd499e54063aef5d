/**
 * Tools as validated → ToolConfig; function tools are imported and their definition filled in (or taken as given
 * by the thread that imported them: see LoadConfigOptions.function_tools).
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FunctionToolConfig, McpToolConfig, ResolvedFunctionTool, ToolConfig } from '../core/config-types.js';
import { importModuleExport } from '../loader/import-user-export.js';
import { type ToolExportDescription, toolExportShape } from '../loader/tool-export-shape.js';
import type { BuildContext } from './build-context.js';
import { loadFailureHint } from './describe-load-failure.js';
import { ISSUE } from './issue-codes.js';
import { jsonSchemaSlips } from './json-schema-slip.js';
import { type ConfigPath, pendingIssue } from './pending-issue.js';
import type { FunctionToolInput, McpToolInput, ToolInput } from './schema/tool-schema.js';
import { toolParametersProblem } from './tool-parameters-problem.js';

export async function buildTool(tool: ToolInput, path: ConfigPath, ctx: BuildContext): Promise<ToolConfig | null> {
  return tool.type === 'mcp' ? buildMcpTool(tool, path, ctx) : buildFunctionTool(tool, path, ctx);
}

async function buildMcpTool(tool: McpToolInput, path: ConfigPath, ctx: BuildContext): Promise<McpToolConfig> {
  const stdio = tool.command !== undefined;
  if (stdio && tool.cwd !== undefined) {
    // Node's spawn says a missing working folder as a missing command (`spawn node ENOENT`).
    const folder = resolve(ctx.baseDir, tool.cwd);
    const kind = await stat(folder).then(
      (found) => (found.isDirectory() ? null : 'is not a folder'),
      (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? 'does not exist' : `cannot be read (${error.code})`),
    );
    if (kind !== null) {
      const message = `the server's working folder ${folder} ${kind}`;
      ctx.issues.add(pendingIssue(ISSUE.fileNotFound, [...path, 'cwd'], message));
    }
  }
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
  const described = await describeExport(tool.file, exportName, ctx);
  if (!described.ok) {
    const where = described.reason === 'no_export' ? (tool.function === undefined ? 'name' : 'function') : 'file';
    const message = `cannot load tool "${tool.name}": ${described.message}`;
    const hint = loadFailureHint(described, exportName);
    ctx.issues.add(pendingIssue(ISSUE.toolUnresolved, [...path, where], message, { hint }));
    return null;
  }
  const definition = toDefinition(tool, described, exportName, path, ctx);
  if (!definition) return null;
  return functionToolConfig(tool, described.module, exportName, definition);
}

type LocalDescription = ToolExportDescription & {
  /** The export's function when this thread imported it (a plain function, or a definition's `execute`). */
  readonly execute?: ResolvedFunctionTool['execute'];
};

/** The export as the tool's own thread describes it, or as imported here when there is none to ask. */
async function describeExport(file: string, exportName: string, ctx: BuildContext): Promise<LocalDescription> {
  const elsewhere = ctx.describeTool === null ? null : await ctx.describeTool(file, exportName, ctx.baseDir);
  if (elsewhere !== null) return elsewhere;
  const loaded = await importModuleExport(file, exportName, ctx.baseDir);
  if (!loaded.ok) return loaded;
  const value = loaded.value;
  const shape = toolExportShape(value);
  const execute =
    shape.kind === 'function' ? value : shape.kind === 'definition' ? (value as { execute: unknown }).execute : null;
  return typeof execute === 'function'
    ? { ok: true, module: loaded.module, shape, execute: execute as NonNullable<ResolvedFunctionTool['execute']> }
    : { ok: true, module: loaded.module, shape };
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
  described: Extract<LocalDescription, { ok: true }>,
  exportName: string,
  path: ConfigPath,
  ctx: BuildContext,
): ResolvedFunctionTool | null {
  const { shape, execute } = described;
  const withExecute = (definition: ResolvedFunctionTool): ResolvedFunctionTool | null => {
    const problem = toolParametersProblem(definition.parameters);
    if (problem !== null) {
      // Located at `parameters` when the YAML gives them, else at the export that carries them.
      const given = tool.parameters !== undefined;
      const where = given ? [...path, 'parameters'] : [...path, tool.function === undefined ? 'name' : 'function'];
      const message = `tool "${tool.name}": ${given ? '' : `the parameters of the export "${exportName}": `}${problem}`;
      ctx.issues.add(pendingIssue(ISSUE.toolParametersInvalid, where, message));
      return null;
    }
    const slips = jsonSchemaSlips(definition.parameters);
    for (const slip of slips) {
      const given = tool.parameters !== undefined;
      const inside = ['parameters', ...slip.path].join('.');
      const where = given
        ? [...path, 'parameters', ...slip.path]
        : [...path, tool.function === undefined ? 'name' : 'function'];
      const owner = given ? '' : `the parameters of the export "${exportName}": `;
      const message = `tool "${tool.name}": ${owner}${inside}: ${slip.message}`;
      ctx.issues.add(pendingIssue(ISSUE.toolParametersInvalid, where, message));
    }
    if (slips.length > 0) return null;
    return execute === undefined ? definition : { ...definition, execute };
  };
  if (shape.kind === 'function') {
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
    return withExecute({ description: tool.description ?? '', parameters: tool.parameters });
  }
  if (shape.kind === 'definition') {
    const parameters = tool.parameters ?? shape.parameters;
    if (parameters) return withExecute({ description: tool.description ?? shape.description ?? '', parameters });
  }
  const what = shape.kind === 'other' ? shape.described : 'an object';
  const message = `tool "${tool.name}": the export "${exportName}" is neither a function nor a tool definition (it is ${what})`;
  const hint = 'export a function, or an object { description, parameters (JSON Schema), execute(args) }';
  ctx.issues.add(
    pendingIssue(ISSUE.toolInvalidExport, [...path, tool.function === undefined ? 'name' : 'function'], message, {
      hint,
    }),
  );
  return null;
}
