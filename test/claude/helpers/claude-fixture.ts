/** A claude_agent_sdk backend against a fake Anthropic server, with everything a test wants to look at. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ClaudeAgentSdkBackendDeps,
  createClaudeAgentSdkBackend,
} from '../../../src/backends/claude-agent-sdk/create-claude-agent-sdk-backend.js';
import type { AgentBackend } from '../../../src/core/backend.js';
import type { ToolConfig } from '../../../src/core/config-types.js';
import type { ToolSet } from '../../../src/core/loaded-tool.js';
import { loadToolSet } from '../../../src/tools/load-tool-set.js';
import type { FakeScript } from '../../fakes/fake-script.js';
import { agentConfig, modelConfig } from '../../fakes/fixtures/agent-config.js';
import {
  type FakeModelServer,
  type FakeModelServerOptions,
  startFakeModelServer,
} from '../../fakes/start-fake-model-server.js';
import { type RecordingGateway, startRecordingGateway } from './recording-gateway.js';

export const KEY = 'sk-ant-test-key';

export interface ClaudeFixture {
  readonly server: FakeModelServer;
  readonly gateway: RecordingGateway;
  readonly backend: AgentBackend;
  /** The folder the sessions' scratch folders are made in. */
  readonly scratch: string;
  scratchEntries(): Promise<readonly string[]>;
  close(): Promise<void>;
}

export interface ClaudeFixtureOptions {
  readonly tools?: readonly ToolConfig[];
  /** Tools given as they are (e.g. one that watches its abort signal), instead of `tools`. */
  readonly toolSet?: ToolSet;
  readonly max_retries?: number;
  readonly api_key?: string;
  readonly server?: FakeModelServerOptions;
  readonly deps?: Partial<Omit<ClaudeAgentSdkBackendDeps, 'env' | 'toolSet'>>;
  /** Points the endpoint somewhere else (e.g. a closed port). */
  readonly endpoint?: (gateway: RecordingGateway) => string;
}

export async function startClaudeFixture(
  script: FakeScript,
  options: ClaudeFixtureOptions = {},
): Promise<ClaudeFixture> {
  const server = await startFakeModelServer(script, options.server);
  const gateway = await startRecordingGateway(server.url);
  const scratch = await mkdtemp(join(tmpdir(), 'holodeck-claude-test-'));
  const toolSet: ToolSet = options.toolSet ?? (await loadToolSet(options.tools ?? []));
  const config = agentConfig({
    model: modelConfig({
      provider: 'anthropic',
      name: 'claude-sonnet-4-5',
      endpoint: options.endpoint?.(gateway) ?? gateway.url,
      api_key: options.api_key ?? KEY,
    }),
    backend: { type: 'claude_agent_sdk', builtin_tools: [] },
    tools: options.tools ?? [],
    max_retries: options.max_retries ?? 1,
  });
  const env = { PATH: process.env['PATH'], HTTPS_PROXY: gateway.url, HTTP_PROXY: gateway.url, NO_PROXY: '127.0.0.1' };
  const backend = await createClaudeAgentSdkBackend(config, { env, toolSet, scratch_dir: scratch, ...options.deps });
  return {
    server,
    gateway,
    backend,
    scratch,
    scratchEntries: () => readdir(scratch),
    async close() {
      await backend.close();
      await toolSet.close();
      await gateway.close();
      await server.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
