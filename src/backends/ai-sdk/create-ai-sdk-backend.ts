/**
 * The `ai_sdk` backend: holodeck's tool loop over a Vercel AI SDK provider model (run-model-attempt.ts), one
 * history per session.
 */
import type { AgentBackend } from '../../core/backend.js';
import { wallNow } from '../../core/clock.js';
import type { AgentConfig } from '../../core/config-types.js';
import type { ToolSet } from '../../core/loaded-tool.js';
import { modelPathsOf } from '../../core/model-paths.js';
import { requireModel } from '../require-model.js';
import { createLanguageModel, type Env } from './create-language-model.js';
import { asProviderModel } from './provider-model.js';
import { processRateLimits, type RateLimitRegistry, rateLimitOf } from './rate-limit/rate-limit-registry.js';
import type { ModelRecording } from './recording/model-recording.js';
import { abortableSleep, DEFAULT_RETRY_POLICY, type RetryPolicy, type Sleep } from './retry-policy.js';

export interface AiSdkBackendDeps {
  readonly env: Env;
  readonly toolSet: ToolSet;
  /** Model calls per turn (the agent loop's step limit); default `execution.max_steps`. */
  readonly max_steps?: number;
  /** Backoff timing; the number of retries always comes from `execution.max_retries`. */
  readonly retry?: Partial<Omit<RetryPolicy, 'max_retries'>>;
  readonly random?: () => number;
  readonly sleep?: Sleep;
  /** `--record`, `--replay` or `--cache`: the agent's model calls go through it. */
  readonly recording?: ModelRecording;
  /** The limiters the agent's model calls share with judges and other runs; default the process's. */
  readonly rate_limits?: RateLimitRegistry;
}

export async function createAiSdkBackend(config: AgentConfig, deps: AiSdkBackendDeps): Promise<AgentBackend> {
  const modelConfig = requireModel(config);
  const path = modelPathsOf(config).agent;
  const offline = deps.recording?.mode === 'replay';
  const resolved = await createLanguageModel(modelConfig, deps.env, { offline, path });
  const [{ createAiSdkSession }, { createAgentTools }] = await Promise.all([
    import('./ai-sdk-session.js'),
    import('./agent-tools.js'),
  ]);
  // Rate limiting sits below the recording: an answer from a cassette or the cache spends no request.
  const limits = deps.rate_limits ?? processRateLimits;
  const limited = await limits.wrap(resolved.model, modelConfig, rateLimitOf(modelConfig, config.execution.rate_limit));
  const { recording } = deps;
  const settings = {
    model: asProviderModel(limited),
    provider: modelConfig.provider,
    endpoint: resolved.endpoint,
    model_path: path,
    keyless: resolved.keyless === true,
    system: config.instructions.trim() === '' ? undefined : config.instructions,
    tools: createAgentTools(deps.toolSet.tools, { images: modelConfig.provider === 'anthropic' }),
    max_steps: deps.max_steps ?? config.execution.max_steps,
    temperature: modelConfig.temperature ?? undefined,
    max_output_tokens: modelConfig.max_tokens ?? undefined,
    retry: { ...DEFAULT_RETRY_POLICY, ...deps.retry, max_retries: config.execution.max_retries },
    random: deps.random ?? Math.random,
    sleep: deps.sleep ?? abortableSleep,
    now: wallNow,
  };
  return {
    name: 'ai_sdk',
    // Recorded, replayed or cached, a session's requests are keyed with its test case (request-key.ts).
    openSession: async (options) => {
      if (recording === undefined) return createAiSdkSession(settings, options.signal);
      const target = { test_case: options.test_case_name, endpoint: resolved.endpoint };
      return createAiSdkSession(
        { ...settings, model: asProviderModel(await recording.wrap(limited, target)) },
        options.signal,
      );
    },
    close: async () => undefined,
  };
}
