/**
 * `geval`: an LLM judge grades the response against free-text `criteria` following `evaluation_steps`
 * (G-Eval: criteria → explicit steps → a score on a fixed scale). When no steps are configured, the judge
 * first derives them from the criteria, once per metric, so every turn is graded by the same steps.
 * The judge reasons first, then scores 0–10; the metric's score is that divided by 10.
 * The ground truth and the retrieval context are shown to the judge when the turn has them.
 */
import type { GEvalMetricConfig } from '../core/config-types.js';
import type { EvaluationInput, Evaluator, MetricOutcome } from '../core/evaluator.js';
import type { Judge } from '../core/judge.js';
import { askJudge, objectSchema, readArray, readNumber, readObject, readString } from './judge-output.js';
import { contextSection, inputSections, JUDGE_SYSTEM_PROMPT, paragraphs, section } from './judge-prompt.js';
import { metricNeeds } from './metric-needs.js';

const SCALE_MAX = 10;
const MAX_GENERATED_STEPS = 8;

const SCORE_SCHEMA = objectSchema({
  reasoning: { type: 'string', description: 'How the response fares on each evaluation step, citing specifics.' },
  score: {
    type: 'integer',
    minimum: 0,
    maximum: SCALE_MAX,
    description: `0 (criteria not met at all) to ${SCALE_MAX} (criteria fully met).`,
  },
});
const readScore = readObject({ reasoning: readString, score: readNumber(0, SCALE_MAX, true) });

const STEPS_SCHEMA = objectSchema({
  steps: { type: 'array', items: { type: 'string' }, minItems: 1, description: 'Concise evaluation steps, in order.' },
});
const readSteps = readObject({ steps: readArray(readString, 1) });

export function createGEvalEvaluator(config: GEvalMetricConfig, judge: Judge): Evaluator {
  let generatedSteps: Promise<readonly string[]> | null = null;
  // Steps are generated once, on the first turn graded: that turn's cost carries the call.
  const stepsFor = (input: EvaluationInput): Promise<readonly string[]> => {
    if (config.evaluation_steps.length > 0) return Promise.resolve(config.evaluation_steps);
    generatedSteps ??= generateSteps(config, judge, input).catch((error: unknown) => {
      generatedSteps = null;
      throw error;
    });
    return generatedSteps;
  };
  return {
    name: config.name,
    ...metricNeeds(config),
    default_threshold: 0.5,
    evaluate: async (input) => {
      if (input.agent_response.trim() === '') {
        return { score: 0, passed: false, reasoning: 'the agent response is empty', details: null };
      }
      return grade(config, judge, await stepsFor(input), input);
    },
  };
}

export function buildGEvalPrompt(config: GEvalMetricConfig, steps: readonly string[], input: EvaluationInput): string {
  return paragraphs(
    "Evaluate the AI assistant's response to the user's input against the criteria below.",
    `Criteria:\n${config.criteria}`,
    `Evaluation steps:\n${steps.map((step, index) => `${index + 1}. ${step}`).join('\n')}`,
    inputSections(input),
    section('assistant_response', input.agent_response),
    input.ground_truth === null ? null : section('expected_output', input.ground_truth),
    input.retrieval_context === null || input.retrieval_context.length === 0
      ? null
      : contextSection(input.retrieval_context),
    [
      'Apply the evaluation steps in order. Then answer with:',
      '- "reasoning": how the response fares on each step, citing specifics from it (a few sentences);',
      `- "score": an integer from 0 to ${SCALE_MAX}, where ${SCALE_MAX} means the response fully meets the criteria,`,
      '  0 means it does not meet them at all, and values between reflect partial fulfilment.',
    ].join('\n'),
  );
}

async function grade(
  config: GEvalMetricConfig,
  judge: Judge,
  steps: readonly string[],
  input: EvaluationInput,
): Promise<MetricOutcome> {
  const answer = await askJudge(
    judge,
    config.name,
    {
      system: JUDGE_SYSTEM_PROMPT,
      prompt: buildGEvalPrompt(config, steps, input),
      schema: SCORE_SCHEMA,
      schema_name: 'geval_score',
      signal: input.signal,
      timeout_ms: config.timeout_ms,
      ...(input.on_judge_usage === undefined ? {} : { on_usage: input.on_judge_usage }),
      ...(input.on_judge_retry === undefined ? {} : { on_retry: input.on_judge_retry }),
    },
    readScore,
  );
  return {
    score: answer.score / SCALE_MAX,
    reasoning: answer.reasoning,
    details: { raw_score: answer.score, scale_max: SCALE_MAX, evaluation_steps: [...steps] },
  };
}

async function generateSteps(
  config: GEvalMetricConfig,
  judge: Judge,
  input: EvaluationInput,
): Promise<readonly string[]> {
  const prompt = paragraphs(
    `Write 3 to 5 concise evaluation steps that a grader should follow to judge an AI assistant's response against the criteria below. The grader sees the user's input, the response and, when available, an expected output and retrieved context. Each step should be one concrete check.`,
    `Criteria:\n${config.criteria}`,
  );
  const answer = await askJudge(
    judge,
    config.name,
    {
      system: JUDGE_SYSTEM_PROMPT,
      prompt,
      schema: STEPS_SCHEMA,
      schema_name: 'geval_steps',
      signal: input.signal,
      timeout_ms: config.timeout_ms,
      ...(input.on_judge_usage === undefined ? {} : { on_usage: input.on_judge_usage }),
      ...(input.on_judge_retry === undefined ? {} : { on_retry: input.on_judge_retry }),
    },
    readSteps,
  );
  const steps = answer.steps.map((step) => step.trim()).filter((step) => step !== '');
  return steps.length > 0 ? steps.slice(0, MAX_GENERATED_STEPS) : [config.criteria];
}
