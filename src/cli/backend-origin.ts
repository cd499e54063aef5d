/**
 * Where the backend in force came from: `--backend`, agent.yaml's `backend:`, or HOLODECK_BACKEND (which applies
 * where agent.yaml names no backend), so that a message about it can name the variable the file does not show.
 */
import { BACKEND_ENV } from '../config/build-backend.js';
import { readSource } from '../config/read-source.js';
import { isRecord } from '../config/schema/fields.js';
import type { AgentConfig } from '../core/config-types.js';
import type { Overrides } from './apply-overrides.js';

export type BackendOrigin = 'config' | 'cli' | 'env';

export async function backendOrigin(
  config: AgentConfig,
  overrides: Overrides,
  env: Readonly<Record<string, string | undefined>>,
): Promise<BackendOrigin> {
  if (overrides.backend !== undefined) return 'cli';
  const fromEnv = env[BACKEND_ENV]?.trim() ?? '';
  // Only a variable naming the backend in force can have given it; agent.yaml is read only then.
  if (fromEnv === '' || fromEnv !== config.backend.type) return 'config';
  const read = await readSource(config.config_path);
  return read.ok && isRecord(read.document.data) && !Object.hasOwn(read.document.data, 'backend') ? 'env' : 'config';
}
