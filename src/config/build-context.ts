/** What the build stages share: the config folder, the issue sink, and cached file checks. */
import type { GivenFunctionTool } from '../core/config-types.js';
import type { DescribeToolExport } from '../loader/tool-export-shape.js';
import { IssueSink } from './pending-issue.js';
import { NotRegularFileError, regularFileStats } from './read-regular-text.js';

export interface BuildContext {
  /** The folder of agent.yaml: relative paths resolve against it. */
  readonly baseDir: string;
  readonly issues: IssueSink;
  /** Function tools another thread already imported and checked, by tool name: not imported again. */
  readonly givenTools: Readonly<Record<string, GivenFunctionTool>>;
  /** Imports function tools' modules in another thread and tells what their exports are (null: import here). */
  readonly describeTool: DescribeToolExport | null;
  /** Imports code graders' modules in the threads they run in and tells what the exports are (null: import here). */
  readonly describeGrader: DescribeToolExport | null;
  /** Why `path` cannot be read as a file (`null`: it can): NOT_FOUND, or what it is instead of a regular file. */
  fileProblem(path: string): Promise<string | null>;
}

/** What fileProblem answers for a path where nothing is. */
export const NOT_FOUND = 'not found';

export function createBuildContext(
  baseDir: string,
  givenTools: Readonly<Record<string, GivenFunctionTool>> = {},
  describeTool: DescribeToolExport | null = null,
  describeGrader: DescribeToolExport | null = null,
): BuildContext {
  const checked = new Map<string, Promise<string | null>>();
  return {
    baseDir,
    givenTools,
    describeTool,
    describeGrader,
    issues: new IssueSink(),
    fileProblem(path) {
      let pending = checked.get(path);
      if (!pending) {
        pending = regularFileStats(path).then(
          () => null,
          (error: unknown) => (error instanceof NotRegularFileError ? error.message : NOT_FOUND),
        );
        checked.set(path, pending);
      }
      return pending;
    },
  };
}
