/**
 * The secret values of a run, each with the name its mask shows:
 * - values put into the configuration by `${VAR}` in a credential position (`api_key`, header and MCP `env`
 *   values, MCP `args`, URL userinfo and query), whatever the variable's name;
 * - credentials written in the configuration itself (`api_key`, header and MCP `env` values, the value after a
 *   secret-looking option in MCP `args`, URL userinfo and credential query parameters);
 * - the provider key variables the backends read, the userinfo and credential query values of the endpoint
 *   variables they read (OPENAI_BASE_URL…), and every environment variable whose name looks like a
 *   credential (KEY, TOKEN, SECRET, PASSWORD, PASS, PAT, CREDENTIAL, AUTH, COOKIE, SESSION as a word part);
 * - the variables named by `execution.redact` and `--redact`.
 * Short values (under 6 characters) and plain booleans, numbers and words are never masked (they would blank
 * ordinary text); a named source skipped this way is reported by name, never by value.
 */
import type { AgentConfig, ModelConfig, ProviderName, ToolConfig } from '../core/config-types.js';
import { isCredentialQueryName, looksLikeCredentialName, nameWords } from '../core/credential-names.js';
import { isPlainValue } from '../core/plain-value.js';
import { endpointFromEnv, PROVIDER_ENDPOINT_VARS } from '../core/provider-endpoint-vars.js';
import { PROVIDER_KEY_VARS } from '../core/provider-key-vars.js';
import type { SecretValue } from '../core/redactor.js';

export interface SecretSet {
  readonly secrets: readonly SecretValue[];
  /** What was not masked, by name only: one line for short or plain values, one for unset names. */
  readonly warnings: readonly string[];
}

export { looksLikeCredentialName, nameWords };

type Env = Readonly<Record<string, string | undefined>>;

export function collectSecrets(config: AgentConfig | null, env: Env, extraNames: readonly string[] = []): SecretSet {
  const secrets = new Map<string, string>();
  const plain = new Set<string>();
  const unset = new Set<string>();
  const add = (name: string, value: string | null | undefined, named: boolean) => {
    if (value === null || value === undefined || value === '') return;
    if (isPlainValue(value)) {
      if (named) plain.add(name);
      return;
    }
    if (!secrets.has(value)) secrets.set(value, name);
  };
  if (config !== null) collectFromConfig(config, env, add);
  for (const vars of Object.values(PROVIDER_KEY_VARS)) for (const name of vars) add(name, env[name], true);
  // The endpoint variables the providers read (OPENAI_BASE_URL…): their userinfo and credential query values.
  for (const provider of Object.keys(PROVIDER_ENDPOINT_VARS) as ProviderName[]) {
    const endpoint = endpointFromEnv(provider, env);
    if (endpoint !== null) urlSecrets(endpoint.name, endpoint.url, add);
  }
  // holodeck's own settings (HOLODECK_MIN_PASS_RATE holds "PASS") are no credentials.
  for (const [name, value] of Object.entries(env)) {
    if (looksLikeCredentialName(name) && !name.startsWith('HOLODECK_')) add(name, value, true);
  }
  const listed = [...(config?.execution.redact ?? []), ...extraNames];
  for (const name of listed) {
    if (env[name] === undefined || env[name] === '') unset.add(name);
    else add(name, env[name], true);
  }
  const warnings: string[] = [];
  if (plain.size > 0) warnings.push(`not masked, too short or too plain to be secrets: ${[...plain].join(', ')}`);
  if (unset.size > 0) warnings.push(`asked to redact, but not set: ${[...unset].join(', ')}`);
  return { secrets: [...secrets].map(([value, name]) => ({ name, value })), warnings };
}

type Add = (name: string, value: string | null | undefined, named: boolean) => void;

function collectFromConfig(config: AgentConfig, env: Env, add: Add): void {
  for (const reference of config.env_references ?? []) {
    if (isCredentialPosition(reference.path, env[reference.name] ?? '', config)) {
      add(reference.name, env[reference.name], true);
    }
  }
  const models: [string, ModelConfig | null][] = [
    ['model', config.model],
    ['evaluations.model', config.evaluations.model],
  ];
  for (const [where, model] of models) {
    if (model === null) continue;
    add(`${where}.api_key`, model.api_key, true);
    if (model.endpoint !== null) urlSecrets(`${where}.endpoint`, model.endpoint, add);
  }
  for (const tool of config.tools) toolSecrets(tool, add);
}

function toolSecrets(tool: ToolConfig, add: Add): void {
  if (tool.type !== 'mcp') return;
  for (const [key, value] of Object.entries(tool.headers)) add(`tools.${tool.name}.headers.${key}`, value, false);
  for (const [key, value] of Object.entries(tool.env)) add(key, value, looksLikeCredentialName(key));
  tool.args.forEach((arg, i) => {
    const previous = tool.args[i - 1];
    if (
      previous !== undefined &&
      /^--?[A-Za-z]/.test(previous) &&
      !previous.includes('=') &&
      looksLikeCredentialName(previous)
    ) {
      add(`tools.${tool.name}.args`, arg, false);
    }
    const eq = arg.indexOf('=');
    // `--token=…`, and an environment assignment (`-e GITHUB_TOKEN=…`, as `docker run` and `env` take them).
    if (
      (/^--?[A-Za-z]/.test(arg) || /^[A-Za-z_]\w*=/.test(arg)) &&
      eq > 0 &&
      looksLikeCredentialName(arg.slice(0, eq))
    ) {
      add(`tools.${tool.name}.args`, arg.slice(eq + 1), false);
    }
    // An assignment given as an option's value (`--env=GITHUB_TOKEN=…`).
    const assigned = /^--?[A-Za-z][\w-]*=([A-Za-z_]\w*)=(.+)$/.exec(arg);
    if (assigned !== null && looksLikeCredentialName(assigned[1] as string)) {
      add(`tools.${tool.name}.args`, assigned[2], false);
    }
    // A connection string (`postgresql://reader:pw@db/finance`, also after `--url=`) and a bearer token.
    const url = /[a-z][a-z0-9+.-]*:\/\/\S+/i.exec(arg)?.[0];
    if (url !== undefined) urlSecrets(`tools.${tool.name}.args`, url, add);
    const bearer = /\b(?:Bearer|Basic|Token)\s+(\S+)/i.exec(arg)?.[1];
    if (bearer !== undefined) add(`tools.${tool.name}.args`, bearer, false);
  });
  if (tool.url !== null) urlSecrets(`tools.${tool.name}.url`, tool.url, add);
}

/** URL userinfo, and query parameters whose name looks like a credential (`api-key`, `sig`, `token`...). */
function urlSecrets(where: string, text: string, add: Add): void {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return;
  }
  if (url.password !== '') add(`${where}.password`, safeDecode(url.password), false);
  // A user name alone is often the credential itself (`https://TOKEN@gateway/v1`).
  if (url.username !== '') add(`${where}.username`, safeDecode(url.username), false);
  for (const [key, value] of url.searchParams) {
    if (isCredentialQueryName(key)) add(`${where}?${key}`, value, false);
  }
}

/** Where a `${VAR}` makes its value a secret whatever the variable is called. */
function isCredentialPosition(path: readonly (string | number)[], value: string, config: AgentConfig): boolean {
  const [first, second, third] = path;
  if ((first === 'model' || (first === 'evaluations' && second === 'model')) && path.at(-1) === 'api_key') return true;
  if (first === 'tools' && typeof second === 'number' && (third === 'headers' || third === 'env' || third === 'args')) {
    return true;
  }
  const isUrl =
    (first === 'model' && second === 'endpoint') ||
    (first === 'evaluations' && third === 'endpoint') ||
    (first === 'tools' && third === 'url');
  if (!isUrl || value === '') return false;
  const url = urlAt(path, config);
  if (url === null) return false;
  const parts = [url.username, url.password, url.search];
  return parts.some((part) => part.includes(value) || safeDecode(part).includes(value));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function urlAt(path: readonly (string | number)[], config: AgentConfig): URL | null {
  const text =
    path[0] === 'model'
      ? config.model?.endpoint
      : path[0] === 'evaluations'
        ? config.evaluations.model?.endpoint
        : (() => {
            const tool = config.tools[path[1] as number];
            return tool?.type === 'mcp' ? tool.url : null;
          })();
  try {
    return text ? new URL(text) : null;
  } catch {
    return null;
  }
}
