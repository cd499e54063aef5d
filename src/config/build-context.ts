/** What the build stages share: the config folder, the issue sink, and cached file checks. */
import type { GivenFunctionTool } from '../core/config-types.js';
import type { DescribeToolExport } from '../loader/tool-export-shape.js';
import { tooLargeText } from './file-size-limits.js';
import { ISSUE } from './issue-codes.js';
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
  /** The largest file the configuration names (a turn's files, instructions, a schema) that is read. */
  readonly maxFileBytes: number;
  /**
   * Why `path` cannot be read as a file (`null`: it can): it is not there, what it is instead of a regular file, or
   * that it is larger than maxFileBytes.
   */
  fileProblem(path: string): Promise<FileProblem | null>;
}

export interface FileProblem {
  /** ISSUE.fileNotFound, ISSUE.notRegularFile or ISSUE.fileTooLarge. */
  readonly code: string;
  readonly message: string;
}

export function createBuildContext(
  baseDir: string,
  givenTools: Readonly<Record<string, GivenFunctionTool>> = {},
  describeTool: DescribeToolExport | null = null,
  describeGrader: DescribeToolExport | null = null,
  maxFileBytes: number = Number.POSITIVE_INFINITY,
): BuildContext {
  const checked = new Map<string, Promise<FileProblem | null>>();
  return {
    baseDir,
    givenTools,
    describeTool,
    describeGrader,
    maxFileBytes,
    issues: new IssueSink(),
    fileProblem(path) {
      let pending = checked.get(path);
      if (!pending) {
        pending = regularFileStats(path).then(
          (stats) =>
            stats.size > maxFileBytes
              ? { code: ISSUE.fileTooLarge, message: tooLargeText(stats.size, maxFileBytes) }
              : null,
          (error: unknown) =>
            error instanceof NotRegularFileError
              ? { code: ISSUE.notRegularFile, message: error.message }
              : { code: ISSUE.fileNotFound, message: 'not found' },
        );
        checked.set(path, pending);
      }
      return pending;
    },
  };
}
