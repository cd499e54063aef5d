/**
 * `holodeck cache clear`: removes the model answers `--cache` stored — the files it writes under the cache
 * folder's `responses/` (`ab/ab….json`, `ab/ab….2.json` for later occurrences, and the temporaries of writes cut short), then the folders they leave
 * empty. Anything else there is not holodeck's: it is left in place and said.
 */
import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { responsesDir } from '../../backends/ai-sdk/recording/response-cache.js';
import { fileKindOf } from '../../core/file-kind.js';
import { describeCode } from '../check-output-places.js';
import { cacheDirOf } from '../default-cache-dir.js';
import { EXIT, type ExitCode } from '../exit-codes.js';

const SHARD = /^[0-9a-f]{2}$/;
const ENTRY = /^([0-9a-f]{32})(?:\.[1-9]\d*)?\.json(?:\.[0-9a-f]{8}\.tmp)?$/;

export async function cacheClearCommand(options: { readonly cacheDir?: string }): Promise<ExitCode> {
  const dir = cacheDirOf(options.cacheDir, process.env);
  const responses = responsesDir(dir);
  const kind = await stat(dir).then(
    (found) => (found.isDirectory() ? null : found.isFile() ? 'a file' : fileKindOf(found)),
    () => null,
  );
  if (kind !== null) {
    process.stderr.write(`error: the cache folder ${dir} is ${kind}, not a folder: give --cache-dir a folder\n`);
    return EXIT.config;
  }
  try {
    const { removed, kept } = await clearAnswers(responses);
    process.stdout.write(
      removed === 0
        ? `the cache ${dir} holds no model answers: nothing to remove\n`
        : `removed ${removed} cached model ${removed === 1 ? 'answer' : 'answers'} from ${dir}\n`,
    );
    if (kept.length > 0) {
      const shown = kept.sort().slice(0, 5).join(', ');
      const more = kept.length > 5 ? ` and ${kept.length - 5} more` : '';
      process.stderr.write(
        `note: left ${kept.length} ${kept.length === 1 ? 'entry' : 'entries'} in ${responses} that holodeck did not write: ${shown}${more}\n`,
      );
    }
    return EXIT.ok;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    // A cache folder given where a file is (`responses` a file, or a part of --cache-dir): said as `test --cache` says it.
    if (code === 'ENOTDIR') {
      process.stderr.write(`error: cannot clear cached answers in ${responses}: ${describeCode(code, message)}\n`);
      return EXIT.config;
    }
    process.stderr.write(`error: cannot clear the cache ${dir}: ${message}\n`);
    return EXIT.runtime;
  }
}

async function clearAnswers(responses: string): Promise<{ removed: number; kept: string[] }> {
  const kept: string[] = [];
  let removed = 0;
  const folders = await entriesOf(responses);
  if (folders === null) return { removed, kept };
  for (const folder of folders) {
    if (!folder.isDirectory() || !SHARD.test(folder.name)) {
      kept.push(folder.name);
      continue;
    }
    const files = (await entriesOf(join(responses, folder.name))) ?? [];
    for (const file of files) {
      const entry = ENTRY.exec(file.name);
      if (file.isFile() && entry?.[1]?.startsWith(folder.name)) {
        await rm(join(responses, folder.name, file.name), { force: true });
        if (!file.name.endsWith('.tmp')) removed += 1;
      } else {
        kept.push(`${folder.name}/${file.name}`);
      }
    }
    await removeIfEmpty(join(responses, folder.name));
  }
  await removeIfEmpty(responses);
  return { removed, kept };
}

/** A folder's entries, or null when it does not exist. */
async function entriesOf(path: string) {
  try {
    return await readdir(path, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function removeIfEmpty(path: string): Promise<void> {
  await rmdir(path).catch((error: NodeJS.ErrnoException) => {
    // ENOTDIR: a link to a folder elsewhere (responses/ on another disk) stays, emptied.
    if (!['ENOTEMPTY', 'EEXIST', 'ENOENT', 'ENOTDIR'].includes(error.code ?? '')) throw error;
  });
}
