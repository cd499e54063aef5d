/** `holodeck cache clear`: removes the model answers `--cache` stored (the cache folder's `responses/`). */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { responsesDir } from '../../backends/ai-sdk/recording/response-cache.js';
import { cacheDirOf } from '../default-cache-dir.js';
import { EXIT, type ExitCode } from '../exit-codes.js';

export async function cacheClearCommand(options: { readonly cacheDir?: string }): Promise<ExitCode> {
  const dir = cacheDirOf(options.cacheDir, process.env);
  const responses = responsesDir(dir);
  try {
    const count = await countAnswers(responses);
    await rm(responses, { recursive: true, force: true });
    process.stdout.write(
      count === 0
        ? `the cache ${dir} holds no model answers: nothing to remove\n`
        : `removed ${count} cached model ${count === 1 ? 'answer' : 'answers'} from ${dir}\n`,
    );
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`error: cannot clear the cache ${dir}: ${(error as Error).message}\n`);
    return EXIT.runtime;
  }
}

async function countAnswers(responses: string): Promise<number> {
  let folders: string[];
  try {
    folders = await readdir(responses);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let count = 0;
  for (const folder of folders) {
    const files = await readdir(join(responses, folder)).catch(() => [] as string[]);
    count += files.filter((file) => file.endsWith('.json')).length;
  }
  return count;
}
