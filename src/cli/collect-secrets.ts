/** Secret values that must never appear in a run record: configured keys and the usual provider env vars. */
import type { AgentConfig } from '../core/config-types.js';

const SECRET_ENV = /(KEY|TOKEN|SECRET|PASSWORD)/i;

export function collectSecrets(config: AgentConfig, env: NodeJS.ProcessEnv): string[] {
  const values = new Set<string>();
  const add = (value: string | null | undefined) => {
    if (value && value.length >= 4) values.add(value);
  };
  add(config.model?.api_key);
  add(config.evaluations.model?.api_key);
  for (const tool of config.tools) {
    if (tool.type !== 'mcp') continue;
    for (const value of Object.values(tool.headers)) add(value);
    for (const value of Object.values(tool.env)) add(value);
  }
  for (const [name, value] of Object.entries(env)) {
    if (SECRET_ENV.test(name)) add(value);
  }
  return [...values];
}
