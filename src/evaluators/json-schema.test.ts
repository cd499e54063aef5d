import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../config/compile-json-schema.js';
import type { JsonValue } from '../core/json.js';
import { EvaluatorError } from './evaluator-error.js';
import { createJsonSchemaEvaluator, type JsonSchemaMetricConfig } from './json-schema.js';

/** Arrays of arrays, to any depth: the schema refers to itself at every level. */
const NESTED = { type: 'array', items: { $ref: '#' } };

function evaluatorFor(schema: Readonly<Record<string, JsonValue>>) {
  const compiled = compileJsonSchema(schema);
  if (!compiled.ok) throw new Error(compiled.reason);
  const config: JsonSchemaMetricConfig = {
    type: 'standard',
    metric: 'json_schema',
    name: 'json_schema',
    enabled: true,
    threshold: null,
    schema,
    schema_file: null,
    validate: compiled.validate,
  };
  const evaluator = createJsonSchemaEvaluator(config);
  return (answer: string) =>
    evaluator.evaluate({
      test_case_name: 't',
      turn_index: 0,
      turn_input: 'q',
      agent_response: answer,
      ground_truth: null,
      retrieval_context: null,
      tool_invocations: [],
      turn_config: {},
      turn: {},
      earlier_turns: [],
      signal: new AbortController().signal,
    });
}

describe('json_schema evaluator', () => {
  it('checks a recursive schema at a reasonable depth', async () => {
    const evaluate = evaluatorFor(NESTED);
    expect(await evaluate(`${'['.repeat(100)}${']'.repeat(100)}`)).toMatchObject({ score: 1, passed: true });
  });

  it('says an answer nested too deeply to check is so, not that the stack overflowed', async () => {
    const depth = 1_000_000;
    const error = await evaluatorFor(NESTED)(`${'['.repeat(depth)}${']'.repeat(depth)}`).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(EvaluatorError);
    expect(error).toMatchObject({
      code: 'ANSWER_TOO_DEEP',
      message: 'the answer is nested too deeply to check against the JSON Schema (the check ran out of stack)',
    });
  });
});
