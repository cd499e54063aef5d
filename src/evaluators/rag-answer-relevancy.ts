/**
 * Answer relevancy: the share of the response's statements that address the user's input.
 * The judge splits the response into statements and marks each relevant, partly relevant (supporting detail,
 * caveats) or irrelevant; score = (relevant + partly relevant) / statements, 0 when it makes no statement.
 * It grades the response against the input only, so it needs no retrieval context.
 */

import { inputSections, paragraphs, section } from './judge-prompt.js';
import { quoteList, type RagMetric, share } from './rag-metric.js';
import { verdictList } from './rag-verdict-list.js';

const VERDICTS = ['relevant', 'partly_relevant', 'irrelevant'] as const;

const answerShape = verdictList('statements', 'statement', VERDICTS);
type Answer = ReturnType<typeof answerShape.read>;

export const answerRelevancy: RagMetric<Answer> = {
  schema_name: 'answer_relevancy_statements',
  schema: answerShape.schema,
  prompt: (input) =>
    paragraphs(
      "Check how relevant the AI assistant's response is to the user's input.",
      inputSections(input),
      section('assistant_response', input.agent_response),
      [
        'Steps:',
        '1. Break the response into its distinct statements (a bare answer such as a number is one statement).',
        '2. Judge each statement against the user input:',
        '   - "relevant": it answers or directly helps answer the input;',
        '   - "partly_relevant": supporting detail, a caveat or context that is related but not needed;',
        '   - "irrelevant": it has nothing to do with what the input asks.',
        '3. Give a one-sentence reason for each verdict.',
        'Answer with "statements": the list of { statement, verdict, reason }.',
      ].join('\n'),
    ),
  read: () => answerShape.read,
  outcome: ({ statements }) => {
    if (statements.length === 0) {
      return {
        score: 0,
        reasoning: 'the response makes no statement that answers the input',
        details: { statements: [] },
      };
    }
    const irrelevant = statements.filter((s) => s.verdict === 'irrelevant').map((s) => s.statement);
    const relevant = statements.length - irrelevant.length;
    const summary = `${share(relevant, statements.length, 'statement')} address the input`;
    return {
      score: relevant / statements.length,
      reasoning: irrelevant.length > 0 ? `${summary}; irrelevant: ${quoteList(irrelevant)}` : summary,
      details: { statements: statements.map((s) => ({ ...s })) },
    };
  },
};
