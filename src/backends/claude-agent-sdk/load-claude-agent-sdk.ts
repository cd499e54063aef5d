/**
 * Loads the optional Claude Agent SDK on demand, and finds the Claude Code binary it runs. The binary
 * comes in a platform package (an optional dependency of the SDK) that `npm install --omit=optional`
 * leaves out.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import type { BUILTIN_TOOL_NAMES, query } from '@anthropic-ai/claude-agent-sdk';
import { thrownMessage } from '../../core/describe-thrown.js';
import { BackendStartError } from '../../core/errors.js';
import {
  BackendUnavailableError,
  CLAUDE_AGENT_SDK_INSTALL_COMMAND,
  CLAUDE_AGENT_SDK_PACKAGE,
} from './backend-unavailable-error.js';

/** The part of the SDK this backend uses. */
export interface ClaudeAgentSdk {
  readonly query: typeof query;
  /** Names of Claude Code's own tools (Read, Bash, WebFetch, …). */
  readonly BUILTIN_TOOL_NAMES: typeof BUILTIN_TOOL_NAMES;
}

export type ImportClaudeAgentSdk = () => Promise<ClaudeAgentSdk>;

/** Imports the SDK; a failure is raw here and becomes a user-facing error in `loadClaudeAgentSdk`. */
export const importClaudeAgentSdk: ImportClaudeAgentSdk = () => import('@anthropic-ai/claude-agent-sdk');

export async function loadClaudeAgentSdk(
  importSdk: ImportClaudeAgentSdk = importClaudeAgentSdk,
): Promise<ClaudeAgentSdk> {
  try {
    return await importSdk();
  } catch (error) {
    throw sdkLoadError(error);
  }
}

/** A failed import as the error the user sees: not installed (with the install command), or broken. */
export function sdkLoadError(error: unknown): Error {
  if (error instanceof BackendUnavailableError || error instanceof BackendStartError) return error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const message = thrownMessage(error);
  if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes(CLAUDE_AGENT_SDK_PACKAGE)) {
    return new BackendUnavailableError(
      `backend claude_agent_sdk needs the package ${CLAUDE_AGENT_SDK_PACKAGE}, which is not installed: ` +
        `run \`${CLAUDE_AGENT_SDK_INSTALL_COMMAND}\` (or use backend: ai_sdk)`,
      CLAUDE_AGENT_SDK_INSTALL_COMMAND,
      { cause: error },
    );
  }
  return new BackendStartError(`cannot load ${CLAUDE_AGENT_SDK_PACKAGE}: ${message}`, { cause: error });
}

export interface ExecutableLookup {
  /** Resolves a package file as `require.resolve` does from the SDK's folder; throws when it is absent. */
  readonly resolve: (specifier: string) => string;
  readonly exists: (path: string) => boolean;
  readonly platform: string;
  readonly arch: string;
}

/** The platform packages that may hold the binary, in the order the SDK tries them. */
export function executableCandidates(os: string, cpu: string): readonly string[] {
  const base = `${CLAUDE_AGENT_SDK_PACKAGE}-`;
  const packages = os === 'linux' ? [`${base}linux-${cpu}`, `${base}linux-${cpu}-musl`] : [`${base}${os}-${cpu}`];
  const file = os === 'win32' ? 'claude.exe' : 'claude';
  return packages.map((name) => `${name}/${file}`);
}

/** The Claude Code binary that came with the SDK, or null when its platform package is missing. */
export function findBundledExecutable(lookup: Partial<ExecutableLookup> = {}): string | null {
  const resolve = lookup.resolve ?? resolveFromSdk;
  const exists = lookup.exists ?? existsSync;
  for (const candidate of executableCandidates(lookup.platform ?? platform(), lookup.arch ?? arch())) {
    try {
      const path = resolve(candidate);
      if (exists(path)) return path;
    } catch {
      // not installed: try the next candidate
    }
  }
  return null;
}

/** Like `findBundledExecutable`, but a missing binary is the error that tells how to install it. */
export function requireBundledExecutable(lookup: Partial<ExecutableLookup> = {}): string {
  const found = findBundledExecutable(lookup);
  if (found !== null) return found;
  const target = `${lookup.platform ?? platform()}-${lookup.arch ?? arch()}`;
  throw new BackendUnavailableError(
    `backend claude_agent_sdk needs the Claude Code binary for ${target}, which ${CLAUDE_AGENT_SDK_PACKAGE} ` +
      `installs as an optional dependency, and it is missing: run \`${CLAUDE_AGENT_SDK_INSTALL_COMMAND}\` ` +
      'without --omit=optional',
    CLAUDE_AGENT_SDK_INSTALL_COMMAND,
  );
}

function resolveFromSdk(specifier: string): string {
  return createRequire(import.meta.resolve(CLAUDE_AGENT_SDK_PACKAGE)).resolve(specifier);
}

/**
 * Why the Claude Code binary at `path` cannot be launched (not executable, gone), or null: said as it is, before any
 * session, instead of as every turn's failure to start.
 */
export function launchProblem(path: string): string | null {
  try {
    accessSync(path, constants.X_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? thrownMessage(error);
    const why =
      code === 'EACCES'
        ? `it is not executable (EACCES): make it so (chmod +x ${path}), or reinstall with \`${CLAUDE_AGENT_SDK_INSTALL_COMMAND}\``
        : code === 'ENOENT'
          ? `it is not there (ENOENT): reinstall with \`${CLAUDE_AGENT_SDK_INSTALL_COMMAND}\``
          : code;
    return `backend claude_agent_sdk cannot launch the Claude Code binary ${path}: ${why}`;
  }
}
