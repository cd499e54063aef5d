/**
 * Contextual relevancy: the share of retrieved contexts that are relevant to the user's input.
 * The judge marks each context relevant or irrelevant; score = relevant / contexts.
 */
import { contextSection, inputSections, paragraphs } from './judge-prompt.js';
import { type ContextVerdict, contextVerdictsSchema, ranks, readContextVerdicts } from './rag-context-verdicts.js';
import { type RagMetric, share } from './rag-metric.js';

const VERDICTS = ['relevant', 'irrelevant'] as const;
type Answer = { verdicts: ContextVerdict<(typeof VERDICTS)[number]>[] };

export const contextualRelevancy: RagMetric<Answer> = {
  schema_name: 'contextual_relevancy_verdicts',
  schema: contextVerdictsSchema(VERDICTS),
  prompt: (input) =>
    paragraphs(
      'Judge whether each retrieved context is relevant to the user input.',
      inputSections(input),
      contextSection(input.retrieval_context ?? []),
      [
        'For each context, by its number:',
        '- "relevant": it contains information that helps answer the input;',
        '- "irrelevant": nothing in it helps answer the input.',
        'Give a one-sentence reason for each verdict.',
        'Answer with "verdicts": one { context, verdict, reason } per context, in order.',
      ].join('\n'),
    ),
  read: readContextVerdicts(VERDICTS),
  outcome: ({ verdicts }) => {
    const irrelevant = verdicts.filter((v) => v.verdict === 'irrelevant');
    const relevant = verdicts.length - irrelevant.length;
    const summary = `${share(relevant, verdicts.length, 'retrieved context')} relevant to the input`;
    return {
      score: relevant / verdicts.length,
      reasoning: irrelevant.length > 0 ? `${summary}; irrelevant: ${ranks(irrelevant)}` : summary,
      details: { verdicts: verdicts.map((v) => ({ ...v })) },
    };
  },
};
