/** What the build stages share: the config folder, the issue sink, and cached file checks. */
import { stat } from 'node:fs/promises';
import { IssueSink } from './pending-issue.js';

export interface BuildContext {
  /** The folder of agent.yaml: relative paths resolve against it. */
  readonly baseDir: string;
  readonly issues: IssueSink;
  isFile(path: string): Promise<boolean>;
}

export function createBuildContext(baseDir: string): BuildContext {
  const checked = new Map<string, Promise<boolean>>();
  return {
    baseDir,
    issues: new IssueSink(),
    isFile(path) {
      let pending = checked.get(path);
      if (!pending) {
        pending = stat(path).then(
          (stats) => stats.isFile(),
          () => false,
        );
        checked.set(path, pending);
      }
      return pending;
    },
  };
}
