/** `backend:` as validated → BackendConfig; a module backend's factory is imported now. */
import type { BackendConfig } from '../core/config-types.js';
import type { ModuleAgentFactory } from '../core/module-agent.js';
import { describeValue } from '../loader/describe-value.js';
import { importUserExport } from '../loader/import-user-export.js';
import { isClass } from '../loader/is-class.js';
import { parseExportSpec } from '../loader/parse-export-spec.js';
import type { BuildContext } from './build-context.js';
import { loadFailureHint } from './describe-load-failure.js';
import { ISSUE } from './issue-codes.js';
import { pendingIssue } from './pending-issue.js';
import type { BackendInput } from './schema/backend-schema.js';

/** Where agent.yaml names no backend: `HOLODECK_BACKEND`, else ai_sdk (`--backend` overrides both, later). */
export const BACKEND_ENV = 'HOLODECK_BACKEND';

export async function buildBackend(
  backend: BackendInput | undefined,
  ctx: BuildContext,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<BackendConfig | null> {
  if (backend === undefined) return backendFromEnv(env[BACKEND_ENV]?.trim() ?? '', ctx);
  if (backend === 'ai_sdk') return { type: 'ai_sdk' };
  if (backend === 'claude_agent_sdk') return { type: 'claude_agent_sdk', builtin_tools: [] };
  if ('claude_agent_sdk' in backend) {
    return { type: 'claude_agent_sdk', builtin_tools: [...new Set(backend.claude_agent_sdk.builtin_tools ?? [])] };
  }
  const spec = backend.module;
  const path = ['backend', 'module'];
  const loaded = await importUserExport(spec, ctx.baseDir);
  if (!loaded.ok) {
    const hint = loadFailureHint(loaded, parseExportSpec(spec)?.export_name ?? null);
    ctx.issues.add(
      pendingIssue(ISSUE.backendUnresolved, path, `cannot load the agent module "${spec}": ${loaded.message}`, {
        hint,
      }),
    );
    return null;
  }
  if (typeof loaded.value !== 'function' || isClass(loaded.value)) {
    const message = `the agent module "${spec}" is not a function (it is ${describeValue(loaded.value)})`;
    const hint = 'export a factory (context) => ({ send(turn) { ... } }) that opens one session per test case';
    ctx.issues.add(pendingIssue(ISSUE.backendNotFunction, path, message, { hint }));
    return null;
  }
  return { type: 'module', module: spec, factory: loaded.value as ModuleAgentFactory };
}

function backendFromEnv(text: string, ctx: BuildContext): BackendConfig {
  if (text === '' || text === 'ai_sdk') return { type: 'ai_sdk' };
  if (text === 'claude_agent_sdk') return { type: 'claude_agent_sdk', builtin_tools: [] };
  ctx.issues.add(
    pendingIssue(
      ISSUE.envInvalid,
      ['backend'],
      `environment variable ${BACKEND_ENV}=${JSON.stringify(text)} is invalid: expected ai_sdk or claude_agent_sdk`,
      {
        target: 'none',
        hint: `fix or unset ${BACKEND_ENV}, or set backend: in the configuration (a module agent is named there only)`,
      },
    ),
  );
  return { type: 'ai_sdk' };
}
