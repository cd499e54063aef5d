import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BackendStartError } from '../../core/errors.js';
import {
  BackendUnavailableError,
  CLAUDE_AGENT_SDK_INSTALL_COMMAND,
  CLAUDE_AGENT_SDK_VERSION,
} from './backend-unavailable-error.js';
import {
  executableCandidates,
  findBundledExecutable,
  loadClaudeAgentSdk,
  requireBundledExecutable,
  sdkLoadError,
} from './load-claude-agent-sdk.js';

function moduleNotFound(specifier: string): Error {
  return Object.assign(new Error(`Cannot find package '${specifier}' imported from /app/dist/x.js`), {
    code: 'ERR_MODULE_NOT_FOUND',
  });
}

describe('loading the Claude Agent SDK', () => {
  it('loads the installed SDK and finds the Claude Code binary that came with it', async () => {
    const sdk = await loadClaudeAgentSdk();
    expect(typeof sdk.query).toBe('function');
    expect(sdk.BUILTIN_TOOL_NAMES).toContain('Bash');
    expect(findBundledExecutable()).toMatch(/claude-agent-sdk-[a-z0-9-]+\/claude(\.exe)?$/);
  });

  it('names the exact install command when the package is missing', async () => {
    const error = await loadClaudeAgentSdk(() => Promise.reject(moduleNotFound('@anthropic-ai/claude-agent-sdk'))).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect(error).toMatchObject({
      code: 'BACKEND_UNAVAILABLE',
      install_command: 'npm install @anthropic-ai/claude-agent-sdk@0.3.334',
    });
    expect(error?.message).toContain('run `npm install @anthropic-ai/claude-agent-sdk@0.3.334`');
  });

  it('reports a broken install (another missing module, a load error) as a backend that cannot start', () => {
    expect(sdkLoadError(moduleNotFound('zod'))).toBeInstanceOf(BackendStartError);
    const broken = sdkLoadError(new SyntaxError('Unexpected token'));
    expect(broken).toBeInstanceOf(BackendStartError);
    expect(broken.message).toBe('cannot load @anthropic-ai/claude-agent-sdk: Unexpected token');
  });

  it('installs the version declared as the optional peer dependency', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      peerDependencies: Record<string, string>;
    };
    expect(pkg.peerDependencies['@anthropic-ai/claude-agent-sdk']).toBe(CLAUDE_AGENT_SDK_VERSION);
    expect(CLAUDE_AGENT_SDK_INSTALL_COMMAND).toBe(
      `npm install @anthropic-ai/claude-agent-sdk@${CLAUDE_AGENT_SDK_VERSION}`,
    );
  });
});

describe('finding the Claude Code binary', () => {
  it('looks in the platform package, glibc before musl on Linux', () => {
    expect(executableCandidates('linux', 'x64')).toEqual([
      '@anthropic-ai/claude-agent-sdk-linux-x64/claude',
      '@anthropic-ai/claude-agent-sdk-linux-x64-musl/claude',
    ]);
    expect(executableCandidates('win32', 'arm64')).toEqual(['@anthropic-ai/claude-agent-sdk-win32-arm64/claude.exe']);
  });

  it('takes the first candidate that resolves and exists', () => {
    const found = findBundledExecutable({
      platform: 'linux',
      arch: 'arm64',
      resolve: (specifier) => {
        if (specifier.includes('musl')) return `/nm/${specifier}`;
        throw new Error('not installed');
      },
      exists: (path) => path.startsWith('/nm/'),
    });
    expect(found).toBe('/nm/@anthropic-ai/claude-agent-sdk-linux-arm64-musl/claude');
  });

  it('tells to reinstall without --omit=optional when the binary is missing', () => {
    const lookup = { platform: 'linux', arch: 'x64', resolve: (s: string) => `/nm/${s}`, exists: () => false };
    expect(findBundledExecutable(lookup)).toBeNull();
    expect(() => requireBundledExecutable(lookup)).toThrow(BackendUnavailableError);
    expect(() => requireBundledExecutable(lookup)).toThrow(
      /Claude Code binary for linux-x64, .* run `npm install @anthropic-ai\/claude-agent-sdk@0\.3\.334` without --omit=optional/,
    );
  });
});
