/**
 * A judge's request carries, beside the schema sent to the provider, the schema its answer is checked against
 * (with the bounds some providers' structured output refuses): under this provider-options key, which no
 * provider reads. The cache keeps no answer that fails it.
 */
import { isRecord } from '../../../core/is-record.js';

export const ANSWER_SCHEMA_OPTION = 'holodeck';

/** The schema a normalised request's answer must fit: the one beside it, else the one sent. */
export function answerSchemaOf(request: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | null {
  const options = request['provider_options'];
  const beside = isRecord(options) ? options[ANSWER_SCHEMA_OPTION] : undefined;
  if (isRecord(beside) && isRecord(beside['answer_schema'])) return beside['answer_schema'];
  const format = request['response_format'];
  return isRecord(format) && isRecord(format['schema']) ? format['schema'] : null;
}
