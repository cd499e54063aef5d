/**
 * Faithfulness: the share of the response's factual claims that the retrieval context supports.
 * The judge splits the response into claims and marks each supported, contradicted or unsupported by the
 * context; score = supported / claims (1 when the response makes no factual claim).
 */

import { contextSection, inputSections, paragraphs, section } from './judge-prompt.js';
import { contextsOf, quoteList, type RagMetric, share } from './rag-metric.js';
import { verdictList } from './rag-verdict-list.js';

const VERDICTS = ['supported', 'contradicted', 'unsupported'] as const;

const answerShape = verdictList('claims', 'claim', VERDICTS);
type Answer = ReturnType<typeof answerShape.read>;

export const faithfulness: RagMetric<Answer> = {
  schema_name: 'faithfulness_claims',
  schema: answerShape.schema,
  prompt: (input) =>
    paragraphs(
      "Check whether the AI assistant's response is faithful to the retrieval context.",
      inputSections(input),
      contextSection(contextsOf(input)),
      section('assistant_response', input.agent_response),
      [
        'Steps:',
        '1. Break the response into its distinct factual claims: short, self-contained statements that can be',
        '   checked. Leave out greetings, hedges, questions and offers of further help.',
        '2. Judge each claim against the retrieval context only, not against outside knowledge:',
        '   - "supported": the context states it, or it follows from the context by simple arithmetic or logic;',
        '   - "contradicted": the context states something incompatible with it;',
        '   - "unsupported": the context neither supports nor contradicts it.',
        '3. Give a one-sentence reason for each verdict, citing the context.',
        'Answer with "claims": the list of { claim, verdict, reason } (an empty list if there are no claims).',
      ].join('\n'),
    ),
  read: () => answerShape.read,
  outcome: ({ claims }) => {
    if (claims.length === 0) {
      return { score: 1, reasoning: 'the response makes no factual claims to check', details: { claims: [] } };
    }
    const supported = claims.filter((c) => c.verdict === 'supported').length;
    const notes = VERDICTS.slice(1).flatMap((verdict) => {
      const items = claims.filter((c) => c.verdict === verdict).map((c) => c.claim);
      return items.length > 0 ? [`${verdict}: ${quoteList(items)}`] : [];
    });
    const summary = `${share(supported, claims.length, 'claim')} supported by the retrieval context`;
    return {
      score: supported / claims.length,
      reasoning: [summary, ...notes].join('; '),
      details: { claims: claims.map((c) => ({ ...c })) },
    };
  },
};
