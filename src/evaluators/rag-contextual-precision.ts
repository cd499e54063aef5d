/**
 * Contextual precision: whether the contexts useful for reaching the expected output are ranked first.
 * The judge marks each context useful or not; score = (1/R) · Σₖ relₖ · precision@k over the ranks k, where
 * R is the number of useful contexts (0 when none is useful). Needs the ground truth.
 */
import { contextSection, inputSections, paragraphs, section } from './judge-prompt.js';
import { type ContextVerdict, contextVerdictsSchema, ranks, readContextVerdicts } from './rag-context-verdicts.js';
import type { RagMetric } from './rag-metric.js';

const VERDICTS = ['useful', 'not_useful'] as const;
type Answer = { verdicts: ContextVerdict<(typeof VERDICTS)[number]>[] };

/** Mean of precision@k over the ranks k holding a useful context (average precision). */
export function rankedPrecision(useful: readonly boolean[]): number {
  let hits = 0;
  let sum = 0;
  useful.forEach((isUseful, index) => {
    if (!isUseful) return;
    hits += 1;
    sum += hits / (index + 1);
  });
  return hits === 0 ? 0 : sum / hits;
}

export const contextualPrecision: RagMetric<Answer> = {
  schema_name: 'contextual_precision_verdicts',
  schema: contextVerdictsSchema(VERDICTS),
  prompt: (input) =>
    paragraphs(
      'Judge whether each retrieved context was useful for arriving at the expected output for the user input.',
      inputSections(input),
      section('expected_output', input.ground_truth ?? ''),
      contextSection(input.retrieval_context ?? []),
      [
        'For each context, by its number:',
        '- "useful": it provides information needed to arrive at the expected output;',
        '- "not_useful": the expected output can be reached without it.',
        'Give a one-sentence reason for each verdict.',
        'Answer with "verdicts": one { context, verdict, reason } per context, in order.',
      ].join('\n'),
    ),
  read: readContextVerdicts(VERDICTS),
  outcome: ({ verdicts }) => {
    const useful = verdicts.filter((v) => v.verdict === 'useful');
    const score = rankedPrecision(verdicts.map((v) => v.verdict === 'useful'));
    const reasoning =
      useful.length === 0
        ? 'none of the retrieved contexts is useful for the expected output'
        : `useful contexts at ranks ${ranks(useful)} of ${verdicts.length}; ranked precision ${score.toFixed(3)}`;
    return { score, reasoning, details: { verdicts: verdicts.map((v) => ({ ...v })) } };
  },
};
