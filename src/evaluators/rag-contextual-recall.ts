/**
 * Contextual recall: the share of the expected output that the retrieval context accounts for.
 * The judge splits the ground truth into statements and marks each attributable to the context or not;
 * score = attributable / statements. Needs the ground truth.
 */

import { contextSection, inputSections, paragraphs, section } from './judge-prompt.js';
import { quoteList, type RagMetric, share } from './rag-metric.js';
import { verdictList } from './rag-verdict-list.js';

const VERDICTS = ['attributable', 'not_attributable'] as const;

const answerShape = verdictList('statements', 'statement', VERDICTS, 1);
type Answer = ReturnType<typeof answerShape.read>;

export const contextualRecall: RagMetric<Answer> = {
  schema_name: 'contextual_recall_statements',
  schema: answerShape.schema,
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
  read: () => answerShape.read,
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
