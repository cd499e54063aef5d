/**
 * The whole environment of the Claude Code process (the SDK's `env` replaces the parent's): scratch
 * folders for everything it writes, the model endpoint and key, our retry budget, and every kind of
 * background traffic (telemetry, error reports, update checks, title generation) turned off.
 */
import type { ClaudeModelSettings, Env } from './resolve-claude-model.js';
import type { ScratchDirs } from './scratch-dirs.js';

/** Taken over from the parent environment: finding programs, locale, and how to reach the network. */
const PASSED_THROUGH = [
  'PATH',
  'SHELL',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
] as const;

export interface ClaudeEnvInput {
  readonly parent: Env;
  readonly dirs: ScratchDirs;
  readonly model: ClaudeModelSettings;
  /** Retries of a failed model request (`execution.max_retries`). */
  readonly max_retries: number;
}

export function buildClaudeEnv(input: ClaudeEnvInput): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASSED_THROUGH) {
    const value = input.parent[name];
    if (value !== undefined && value !== '') env[name] = value;
  }
  const { dirs, model } = input;
  Object.assign(env, {
    HOME: dirs.home,
    CLAUDE_CONFIG_DIR: dirs.config,
    TMPDIR: dirs.tmp,
    XDG_CONFIG_HOME: `${dirs.home}/.config`,
    XDG_CACHE_HOME: `${dirs.home}/.cache`,
    XDG_DATA_HOME: `${dirs.home}/.local/share`,
    XDG_STATE_HOME: `${dirs.home}/.local/state`,
    ANTHROPIC_API_KEY: model.api_key,
    CLAUDE_CODE_MAX_RETRIES: String(Math.max(0, Math.floor(input.max_retries))),
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_AGENT_SDK_CLIENT_APP: 'holodeck',
  });
  if (model.base_url !== null) env['ANTHROPIC_BASE_URL'] = model.base_url;
  if (model.max_output_tokens !== null) env['CLAUDE_CODE_MAX_OUTPUT_TOKENS'] = String(model.max_output_tokens);
  return env;
}
