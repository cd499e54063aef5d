/**
 * Under `--workers N` the main thread builds no backend: it waits for the first case worker to build its own
 * and runs with the pool's stand-in, or says why the backend could not start, as it would itself.
 */
import type { AgentBackend } from '../../core/backend.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import type { CaseWorkerPool } from './case-worker-pool.js';

export async function workersBackend(pool: CaseWorkerPool): Promise<AgentBackend | ExitCode> {
  const started = await pool.started();
  if (started.ok) return started.backend;
  process.stderr.write(`error: ${started.line}\n`);
  await pool.close();
  return started.setup ? EXIT.config : EXIT.runtime;
}
