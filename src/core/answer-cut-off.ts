/**
 * Why the model stopped its final answer before finishing it: at its output token limit (OpenAI's
 * `finish_reason: length`, Anthropic's `stop_reason: max_tokens`) or by the provider's content filter
 * (OpenAI's `content_filter`, Anthropic's `refusal`), as the AI SDK's providers report them. The answer is
 * judged as given; the report says it was cut off, so a failing check is not read as a wrong answer.
 */
export type AnswerCutOff = 'token_limit' | 'content_filter';

export const ANSWER_CUT_OFF_VALUES: readonly AnswerCutOff[] = ['token_limit', 'content_filter'];

/** One line for failure reasons and turn details. */
export function describeCutOff(cut: AnswerCutOff): string {
  return cut === 'token_limit'
    ? "the answer was cut off at the model's output token limit (model.max_tokens, else the provider's default)"
    : "the answer was cut off by the provider's content filter";
}
