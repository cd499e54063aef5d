/** A configuration snapshot holding credentials written literally, as a record made elsewhere may hold them. */
export const LITERAL_KEY = 'sk-literal-0123456789abcdef';

export const SNAPSHOT_WITH_SECRETS = {
  name: 'agent',
  model: { provider: 'openai', name: 'gpt-4o', api_key: LITERAL_KEY, max_tokens: 100 },
  tools: [{ type: 'mcp', name: 'gh', headers: { 'X-Trace': 'trace-value-1' }, env: { GITHUB_TOKEN: 'ghp_literal' } }],
  execution: { auth_token: 'abc-literal', token: 'tok-literal', empty_secret: '', results_dir: 'runs' },
};
