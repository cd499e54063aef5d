/** `instructions:` — `{ file }` (relative to the config) or `{ inline }`. */
import { z } from 'zod';
import { ISSUE } from '../issue-codes.js';
import { addIssue, hasKey, nonBlankString, objectRule } from './fields.js';
import { withIssue } from './schema-meta.js';

const SHAPES = 'write instructions: { file: instructions.md } or instructions: { inline: "..." }';

export const instructionsSchema = withIssue(
  z
    .strictObject({
      file: nonBlankString().optional().describe('A file holding the instructions, relative to the config.'),
      inline: z.string().optional().describe('The instructions themselves.'),
    })
    .check(
      objectRule((value, ctx) => {
        const both = hasKey(value, 'file') && hasKey(value, 'inline');
        if (both || (!hasKey(value, 'file') && !hasKey(value, 'inline'))) {
          addIssue(
            ctx,
            ISSUE.instructionsShape,
            both ? ['inline'] : [],
            'instructions need exactly one of `file` or `inline`',
            {
              target: both ? 'key' : 'value',
              hint: SHAPES,
            },
          );
        }
      }),
    ),
  // A bare string (`instructions: You are …`) is the first thing tried.
  { hint: SHAPES },
);

export type InstructionsInput = z.output<typeof instructionsSchema>;
