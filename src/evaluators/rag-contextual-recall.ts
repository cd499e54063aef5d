/**
 * Contextual recall: the share of the expected output that the retrieval context accounts for.
 * The judge splits the ground truth into statements and marks each attributable to the context or not;
 * score = attributable / statements. Needs the ground truth.
 */

import { objectSchema, readArray, readEnum, readObject, readString } from './judge-output.js';
import { contextSection, inputSections, paragraphs, section } from './judge-prompt.js';
import { quoteList, type RagMetric, share } from './rag-metric.js';

const VERDICTS = ['attributable', 'not_attributable'] as const;

const readStatements = readObject({
  statements: readArray(readObject({ statement: readString, verdict: readEnum(VERDICTS), reason: readString }), 1),
});
type Answer = ReturnType<typeof readStatements>;

export const contextualRecall: RagMetric<Answer> = {
  schema_name: 'contextual_recall_statements',
  schema: objectSchema({
    statements: {
      type: 'array',
      items: objectSchema({
        statement: { type: 'string' },
        verdict: { type: 'string', enum: [...VERDICTS] },
        reason: { type: 'string' },
      }),
    },
  }),
  prompt: (input) =>
    paragraphs(
      'Judge how much of the expected output can be attributed to the retrieved contexts.',
      inputSections(input),
      section('expected_output', input.ground_truth ?? ''),
      contextSection(input.retrieval_context ?? []),
      [
        'Steps:',
        '1. Break the expected output into its distinct statements (a bare answer such as a number is one statement).',
        '2. For each statement:',
        '   - "attributable": the contexts contain the information it states, or it follows from them by simple',
        '     arithmetic or logic;',
        '   - "not_attributable": the contexts do not provide it.',
        '3. Give a one-sentence reason for each verdict, naming the context number when attributable.',
        'Answer with "statements": the list of { statement, verdict, reason }.',
      ].join('\n'),
    ),
  read: () => readStatements,
  outcome: ({ statements }) => {
    const missing = statements.filter((s) => s.verdict === 'not_attributable').map((s) => s.statement);
    const found = statements.length - missing.length;
    const summary = `${share(found, statements.length, 'expected statement')} found in the retrieval context`;
    return {
      score: found / statements.length,
      reasoning: missing.length > 0 ? `${summary}; missing: ${quoteList(missing)}` : summary,
      details: { statements: statements.map((s) => ({ ...s })) },
    };
  },
};
