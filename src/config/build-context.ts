/** What the build stages share: the config folder, the issue sink, and cached file checks. */
import { stat } from 'node:fs/promises';
import type { GivenFunctionTool } from '../core/config-types.js';
import type { DescribeToolExport } from '../loader/tool-export-shape.js';
import { IssueSink } from './pending-issue.js';

export interface BuildContext {
  /** The folder of agent.yaml: relative paths resolve against it. */
  readonly baseDir: string;
  readonly issues: IssueSink;
  /** Function tools another thread already imported and checked, by tool name: not imported again. */
  readonly givenTools: Readonly<Record<string, GivenFunctionTool>>;
  /** Imports function tools' modules in another thread and tells what their exports are (null: import here). */
  readonly describeTool: DescribeToolExport | null;
  isFile(path: string): Promise<boolean>;
}

export function createBuildContext(
  baseDir: string,
  givenTools: Readonly<Record<string, GivenFunctionTool>> = {},
  describeTool: DescribeToolExport | null = null,
): BuildContext {
  const checked = new Map<string, Promise<boolean>>();
  return {
    baseDir,
    givenTools,
    describeTool,
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
