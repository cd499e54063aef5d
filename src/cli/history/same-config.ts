/**
 * Whether a run was of this config file, though the project may have moved since (copied, renamed, checked out
 * in another folder by CI): the config path the run recorded ends with this config's path from the folder that
 * holds both it and the results folder (`agent.yaml` with the default `results/` beside it, `evals/agent.yaml`
 * with a results folder at the project's root). With a results folder apart from the project (nothing but the
 * root in common), the config file's name stands for it.
 */
import { basename, resolve, sep } from 'node:path';

export function sameConfig(recorded: string, configPath: string, resultsDir: string): boolean {
  if (recorded === configPath) return true;
  if (recorded === '') return false;
  const tail = configTail(configPath, resultsDir);
  const segments = recorded.split(/[\\/]+/).filter((segment) => segment !== '');
  if (segments.length < tail.length) return false;
  const end = segments.slice(segments.length - tail.length);
  return end.every((segment, i) => segment === tail[i]);
}

/** The config's path (as segments) from the deepest folder that holds both it and the results folder. */
export function configTail(configPath: string, resultsDir: string): string[] {
  const config = resolve(configPath).split(sep);
  const results = resolve(resultsDir).split(sep);
  let common = 0;
  // Folders only: the config file's own name is never part of what they share.
  while (common < config.length - 1 && common < results.length && config[common] === results[common]) common += 1;
  // Only the root in common (`/`, or `C:` on Windows): the file's name.
  if (common <= 1) return [basename(configPath)];
  return config.slice(common);
}
