import { describe, expect, it } from 'vitest';
import type { AgentConfig, BackendConfig, MetricConfig, ModelConfig } from '../core/config-types.js';
import { runnableIssues } from './runnable-issues.js';

function model(provider: ModelConfig['provider'], extra: Partial<ModelConfig> = {}): ModelConfig {
  return {
    provider,
    name: 'm',
    endpoint: null,
    api_key: null,
    temperature: null,
    max_tokens: null,
    api_version: null,
    ...extra,
  };
}

const GEVAL = { type: 'geval', name: 'tone', enabled: true } as unknown as MetricConfig;

function config(agent: ModelConfig | null, backend: BackendConfig = { type: 'ai_sdk' }, extra = {}): AgentConfig {
  return {
    name: 'a',
    description: null,
    model: agent,
    backend,
    instructions: '',
    tools: [],
    evaluations: { model: null, metrics: [] },
    execution: {} as AgentConfig['execution'],
    test_cases: [],
    config_path: '/x/agent.yaml',
    base_dir: '/x',
    ...extra,
  } as AgentConfig;
}

const MODULE: BackendConfig = { type: 'module', module: 'a.ts:f', factory: () => ({ send: () => '' }) };
const CLAUDE: BackendConfig = { type: 'claude_agent_sdk', builtin_tools: [] };
const summary = (issues: ReturnType<typeof runnableIssues>) =>
  issues.map((issue) => `${issue.code} ${issue.path.join('.')}: ${issue.message}`);

describe('runnableIssues', () => {
  it('asks for a key where the provider cannot be reached without one, naming the variable', () => {
    const [issue] = runnableIssues(config(model('openai')), {});
    expect(issue).toMatchObject({ code: 'API_KEY_MISSING', path: ['model'], target: 'value' });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the hint quotes the config's ${VAR} syntax
    expect(issue?.hint).toBe('set the OPENAI_API_KEY environment variable, or api_key: ${OPENAI_API_KEY} in model');
    expect(runnableIssues(config(model('openai')), { OPENAI_API_KEY: 'sk' })).toEqual([]);
    expect(runnableIssues(config(model('openai', { api_key: 'sk' })), {})).toEqual([]);
    expect(runnableIssues(config(model('azure_openai', { endpoint: 'https://r' })), { AZURE_API_KEY: 'k' })).toEqual(
      [],
    );
    expect(summary(runnableIssues(config(model('anthropic')), { ANTHROPIC_API_KEY: '' }))).toEqual([
      'API_KEY_MISSING model: no API key for provider anthropic (model m)',
    ]);
    // A blank variable or api_key (a CI secret that is not configured) is no key either.
    expect(summary(runnableIssues(config(model('openai')), { OPENAI_API_KEY: '  \n' }))).toEqual([
      'API_KEY_MISSING model: no API key for provider openai (model m)',
    ]);
    // Said as set but empty, not as unset: the user has set it.
    expect(runnableIssues(config(model('openai')), { OPENAI_API_KEY: '' })[0]?.hint).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the hint quotes the config's ${VAR} syntax
      'OPENAI_API_KEY is set but empty: give it the key, or api_key: ${OPENAI_API_KEY} in model',
    );
    expect(summary(runnableIssues(config(model('openai', { api_key: ' ' })), {}))).toEqual([
      'API_KEY_MISSING model.api_key: api_key is empty',
    ]);
  });

  it('refuses an api_key that is empty (its variable set to nothing), also where no key is needed', () => {
    const local = model('openai', { endpoint: 'http://127.0.0.1:8000/v1', api_key: '' });
    const [issue] = runnableIssues(config(local), {});
    expect(issue).toMatchObject({ code: 'API_KEY_MISSING', path: ['model', 'api_key'], message: 'api_key is empty' });
    // Written empty, it names no variable: the fix is in the file.
    expect(issue?.hint).toBe('write the key there, or leave api_key out (OPENAI_API_KEY is read instead)');
    // Filled by a ${VAR}: the variable is named, set to nothing or unset with an empty default.
    const refs = { env_references: [{ path: ['model', 'api_key'], name: 'MY_KEY' }] };
    const [fromVar] = runnableIssues(config(local, undefined, refs), { MY_KEY: '' });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the message quotes the config's ${VAR} syntax
    expect(fromVar?.message).toBe('api_key is empty: ${MY_KEY} is set to nothing');
    expect(fromVar?.hint).toBe('give MY_KEY the key, or leave api_key out (OPENAI_API_KEY is read instead)');
    const [unset] = runnableIssues(config(local, undefined, refs), {});
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the message quotes the config's ${VAR} syntax
    expect(unset?.message).toBe('api_key is empty: ${MY_KEY} is unset and its default is empty');
    const judge = { model: model('ollama', { api_key: '' }), metrics: [GEVAL] };
    expect(summary(runnableIssues(config(model('ollama'), undefined, { evaluations: judge }), {}))).toEqual([
      'API_KEY_MISSING evaluations.model.api_key: api_key is empty',
    ]);
    // The provider's variable is read in its place, as the run does.
    expect(runnableIssues(config(local), { OPENAI_API_KEY: 'sk' })).toEqual([]);
  });

  it('needs no key for local servers: ollama, openai_compatible, or a custom endpoint', () => {
    expect(runnableIssues(config(model('ollama')), {})).toEqual([]);
    expect(runnableIssues(config(model('openai_compatible', { endpoint: 'http://h/v1' })), {})).toEqual([]);
    expect(runnableIssues(config(model('openai', { endpoint: 'http://127.0.0.1:8000/v1' })), {})).toEqual([]);
  });

  it("needs a key for OpenAI and Anthropic at their own API's endpoint, not at another one", () => {
    const at = (provider: ModelConfig['provider'], endpoint: string) =>
      summary(runnableIssues(config(model(provider, { endpoint })), {}));
    expect(at('openai', 'https://api.openai.com/v1')).toEqual([
      'API_KEY_MISSING model: no API key for provider openai (model m)',
    ]);
    expect(at('anthropic', 'https://API.anthropic.com./v1')).toEqual([
      'API_KEY_MISSING model: no API key for provider anthropic (model m)',
    ]);
    expect(at('openai', 'https://eu.api.openai.com/v1')).toEqual([
      'API_KEY_MISSING model: no API key for provider openai (model m)',
    ]);
    expect(at('openai', 'https://gateway.example.com/v1')).toEqual([]);
    expect(at('openai', 'https://notapi.openai.com.example/v1')).toEqual([]);
    expect(at('anthropic', 'http://127.0.0.1:8080')).toEqual([]);
  });

  it('checks endpoints a model given on the command line lacks', () => {
    const issues = runnableIssues(config(model('openai_compatible')), {}, { model: 'cli', backend: 'config' });
    expect(summary(issues)).toEqual([
      'ENDPOINT_REQUIRED : --model openai_compatible:m: provider openai_compatible needs an endpoint',
    ]);
    expect(issues[0]?.target).toBe('none');
    expect(summary(runnableIssues(config(model('azure_openai', { api_key: 'k' })), {}))).toEqual([
      'ENDPOINT_REQUIRED model: provider azure_openai needs an endpoint',
    ]);
    expect(
      runnableIssues(config(model('azure_openai', { api_key: 'k' })), { AZURE_OPENAI_ENDPOINT: 'https://r' }),
    ).toEqual([]);
  });

  it('refuses claude_agent_sdk with another provider, and without a key even for a local endpoint', () => {
    expect(summary(runnableIssues(config(model('openai'), CLAUDE), { OPENAI_API_KEY: 'k' }))).toEqual([
      "BACKEND_PROVIDER model.provider: backend claude_agent_sdk runs Anthropic models only, but the model's provider is openai",
    ]);
    const local = model('anthropic', { endpoint: 'http://127.0.0.1:9' });
    expect(summary(runnableIssues(config(local, CLAUDE), {}))).toEqual([
      'API_KEY_MISSING model: no API key for provider anthropic (model m): backend claude_agent_sdk needs one even for ' +
        'a local endpoint (Claude Code will not start without it), where any value works if the server does not check it',
    ]);
    // At Anthropic's own API a key is needed whatever the backend: nothing more to say.
    expect(summary(runnableIssues(config(model('anthropic'), CLAUDE), {}))).toEqual([
      'API_KEY_MISSING model: no API key for provider anthropic (model m)',
    ]);
    expect(runnableIssues(config(local, CLAUDE), { ANTHROPIC_API_KEY: 'k' })).toEqual([]);
    const fromCli = runnableIssues(config(model('openai'), CLAUDE), {}, { model: 'config', backend: 'cli' });
    expect(fromCli[0]?.message).toMatch(/^--backend claude_agent_sdk runs Anthropic models only/);
    const fromEnv = runnableIssues(config(model('openai'), CLAUDE), {}, { model: 'config', backend: 'env' });
    expect(fromEnv[0]?.message).toBe(
      'backend claude_agent_sdk (from the environment variable HOLODECK_BACKEND: agent.yaml names no backend) runs ' +
        "Anthropic models only, but the model's provider is openai",
    );
    expect(fromEnv[0]?.hint).toMatch(/unset HOLODECK_BACKEND/);
  });

  it('lets a module agent go without a model, but not the other backends', () => {
    expect(runnableIssues(config(null, MODULE), {})).toEqual([]);
    expect(summary(runnableIssues(config(null), {}))).toEqual(['MISSING_KEY model: backend ai_sdk needs a model']);
  });

  it('checks the judge model when an enabled LLM-judged metric will call it', () => {
    const judged = { evaluations: { model: null, metrics: [GEVAL] } };
    expect(summary(runnableIssues(config(null, MODULE, judged), {}))).toEqual([
      'MISSING_KEY evaluations.metrics.0: metric "tone" needs an LLM judge model, and none is configured',
    ]);
    expect(summary(runnableIssues(config(model('openai'), MODULE, judged), {}))).toEqual([
      'API_KEY_MISSING model: no API key for provider openai (model m)',
    ]);
    const judge = { evaluations: { model: model('anthropic'), metrics: [GEVAL] } };
    expect(summary(runnableIssues(config(model('ollama'), { type: 'ai_sdk' }, judge), {}))).toEqual([
      'API_KEY_MISSING evaluations.model: no API key for provider anthropic (model m)',
    ]);
    const disabled = { evaluations: { model: model('anthropic'), metrics: [{ ...GEVAL, enabled: false }] } };
    expect(runnableIssues(config(model('ollama'), { type: 'ai_sdk' }, disabled), {})).toEqual([]);
    expect(runnableIssues(config(model('openai'), { type: 'ai_sdk' }, judged), {})).toHaveLength(1);
  });
});
