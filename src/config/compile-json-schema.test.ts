import { describe, expect, it } from 'vitest';
import type { StandardMetricConfig } from '../core/config-types.js';
import { loadAllEvaluators } from '../evaluators/load-evaluators.js';
import { LINEAR_REGEX_HINT } from '../matchers/linear-regex.js';
import { compileJsonSchema } from './compile-json-schema.js';

const SCHEMA = {
  type: 'object',
  properties: { year: { type: 'integer' }, cash: { type: 'number' }, when: { type: 'string', format: 'date' } },
  required: ['year', 'cash'],
  additionalProperties: false,
};

function validator(schema: Record<string, unknown>) {
  const compiled = compileJsonSchema(schema);
  if (!compiled.ok) throw new Error(compiled.reason);
  return compiled.validate;
}

describe('compileJsonSchema', () => {
  it('validates and lists every violation with its instance path', () => {
    const validate = validator(SCHEMA);
    expect(validate({ year: 2009, cash: 1.5, when: '2009-12-31' })).toEqual([]);
    expect(validate({ year: '2009', extra: 1, when: 'soon' })).toEqual([
      { instance_path: '', message: "must have required property 'cash'" },
      { instance_path: '', message: "must NOT have additional properties 'extra'" },
      { instance_path: '/year', message: 'must be integer' },
      { instance_path: '/when', message: 'must match format "date"' },
    ]);
  });

  it('follows $schema: 2020-12 keywords work when it is named', () => {
    const validate = validator({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      prefixItems: [{ type: 'number' }],
    });
    expect(validate([1])).toEqual([]);
    expect(validate(['x'])).toEqual([{ instance_path: '/0', message: 'must be number' }]);
  });

  it('refuses invalid schemas, unknown keywords and unknown formats', () => {
    const reason = (schema: Record<string, unknown>) => {
      const compiled = compileJsonSchema(schema);
      return compiled.ok ? 'compiled' : compiled.reason;
    };
    expect(reason({ type: 'objekt' })).toMatch(
      /^schema is invalid: data\/type must be equal to one of the allowed values/,
    );
    expect(reason({ type: 'object', requird: ['a'] })).toBe('strict mode: unknown keyword: "requird"');
    expect(reason({ type: 'string', format: 'colour' })).toMatch(/unknown format "colour"/);
  });

  it('runs a pattern on RE2: a backtracking one fails a hostile answer at once', () => {
    const validate = validator({ type: 'object', properties: { x: { type: 'string', pattern: '^(a+)+$' } } });
    expect(validate({ x: `${'a'.repeat(40)}!` })).toEqual([
      { instance_path: '/x', message: 'must match pattern "^(a+)+$"' },
    ]);
    expect(validate({ x: 'aaaa' })).toEqual([]);
  });

  it('refuses a pattern RE2 cannot run, saying where it is', () => {
    const compiled = compileJsonSchema({ type: 'object', patternProperties: { '^(a)\\1$': { type: 'string' } } });
    expect(compiled).toEqual({
      ok: false,
      reason: 'invalid regular expression "^(a)\\\\1$": backreference \\1 is not supported',
      path: ['patternProperties', '^(a)\\1$'],
      hint: LINEAR_REGEX_HINT,
    });
  });
});

describe('json_schema evaluator', () => {
  const config = (): StandardMetricConfig => ({
    type: 'standard',
    metric: 'json_schema',
    name: 'json_schema',
    enabled: true,
    threshold: null,
    schema: SCHEMA,
    schema_file: null,
    validate: validator(SCHEMA),
  });
  const evaluate = async (answer: string) =>
    (await loadAllEvaluators())(config(), { judge: null }).evaluate({
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

  it('passes a valid answer, fenced or not', async () => {
    expect(await evaluate('{"year": 2009, "cash": 1}')).toMatchObject({ score: 1, passed: true });
    expect(await evaluate('```json\n{"year": 2009, "cash": 1}\n```')).toMatchObject({ score: 1, passed: true });
  });

  it('names the first three violations and how many more', async () => {
    const failed = await evaluate('{"year": "x", "a": 1, "b": 2, "when": "soon"}');
    expect(failed).toMatchObject({ score: 0, passed: false });
    expect(failed.reasoning).toBe(
      "the answer breaks the JSON Schema (5 violations): (root) must have required property 'cash'; " +
        "(root) must NOT have additional properties 'a'; (root) must NOT have additional properties 'b'; and 2 more",
    );
  });

  it('fails an answer that is not JSON, saying so', async () => {
    expect((await evaluate('sure!')).reasoning).toMatch(/^the answer is not JSON: /);
  });
});
