/** `instructions:` → the instruction text (a file is read relative to the config). */
import { isAbsolute, resolve } from 'node:path';
import type { BuildContext } from './build-context.js';
import { ISSUE } from './issue-codes.js';
import { pendingIssue } from './pending-issue.js';
import { FileTooLargeError, readProblem, readRegularText } from './read-regular-text.js';
import type { InstructionsInput } from './schema/instructions-schema.js';

export async function buildInstructions(
  instructions: InstructionsInput | undefined,
  ctx: BuildContext,
): Promise<string> {
  if (!instructions) return '';
  if (instructions.file === undefined) return instructions.inline ?? '';
  const path = resolve(ctx.baseDir, instructions.file);
  try {
    return await readRegularText(path, ctx.maxFileBytes);
  } catch (error) {
    const missing = (error as { code?: unknown }).code === 'ENOENT';
    const message = missing
      ? `instructions file not found: ${path}`
      : `cannot read instructions file ${path}: ${readProblem(error)}`;
    const code = error instanceof FileTooLargeError ? ISSUE.fileTooLarge : ISSUE.instructionsNotFound;
    // Where a relative path was looked for is the likely mistake; an absolute one is said by the message alone.
    const hint =
      missing && !isAbsolute(instructions.file) ? 'the path is relative to the folder of the config file' : null;
    ctx.issues.add(pendingIssue(code, ['instructions', 'file'], message, { hint }));
    return '';
  }
}
