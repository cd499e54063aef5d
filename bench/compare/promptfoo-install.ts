/**
 * promptfoo, pinned, in a cache folder outside the repository: found there, or installed there with npm
 * when the user asks (`--with-promptfoo`). 0.121.20 is the newest promptfoo whose `engines` accept Node 20
 * (`^20.20.0 || >=22.22.0`; later ones want Node 22.22).
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const PROMPTFOO_VERSION = '0.121.20';

/** `$XDG_CACHE_HOME/holodeck-bench/promptfoo-<version>`, else under `~/.cache`. */
export function defaultPromptfooDir(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env['XDG_CACHE_HOME'] || join(homedir(), '.cache');
  return join(cache, 'holodeck-bench', `promptfoo-${PROMPTFOO_VERSION}`);
}

/** The CLI entry of the pinned promptfoo installed in `dir`, or null when it is missing or another version. */
export async function findPromptfoo(dir: string): Promise<string | null> {
  const packageDir = join(dir, 'node_modules', 'promptfoo');
  try {
    const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as {
      version?: string;
      bin?: Record<string, string>;
    };
    const bin = manifest.bin?.['promptfoo'];
    return manifest.version === PROMPTFOO_VERSION && bin !== undefined ? join(packageDir, bin) : null;
  } catch {
    return null;
  }
}

/** `npm install` of the pinned version into `dir` (its own package.json, so nothing touches the repository). */
export async function installPromptfoo(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'holodeck-bench-promptfoo', private: true, description: 'promptfoo for holodeck bench/compare' }, null, 2)}\n`,
  );
  const args = ['install', '--save-exact', '--no-audit', '--no-fund', `promptfoo@${PROMPTFOO_VERSION}`];
  process.stderr.write(`installing promptfoo ${PROMPTFOO_VERSION} into ${dir} (npm ${args.join(' ')}) …\n`);
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('npm', args, { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', resolve);
  });
  const entry = await findPromptfoo(dir);
  if (code !== 0 || entry === null) {
    throw new Error(
      `npm install promptfoo@${PROMPTFOO_VERSION} in ${dir} failed (exit ${code}); see npm's output above`,
    );
  }
  return entry;
}

/**
 * promptfoo's environment for a measured run: no telemetry, update check, sharing, remote generation or
 * response cache, and its database, logs and settings in `configDir` (a scratch folder of this bench run).
 */
export function promptfooEnv(configDir: string): Record<string, string> {
  return {
    PROMPTFOO_CONFIG_DIR: configDir,
    PROMPTFOO_DISABLE_TELEMETRY: '1',
    PROMPTFOO_DISABLE_UPDATE: '1',
    PROMPTFOO_DISABLE_SHARING: '1',
    PROMPTFOO_DISABLE_REMOTE_GENERATION: '1',
    PROMPTFOO_CACHE_ENABLED: 'false',
  };
}
