import { describe, expect, it } from 'vitest';
import { AgentTurnError } from '../../core/errors.js';
import { MAX_MODULE_RESPONSE_CHARS, normaliseModuleResult } from './normalise-module-result.js';

const REF = 'agent.mjs:create';
const read = (output: unknown) => normaliseModuleResult(output, [], REF);

function failure(output: unknown): string {
  try {
    read(output);
  } catch (error) {
    expect(error).toBeInstanceOf(AgentTurnError);
    expect((error as AgentTurnError).code).toBe('MODULE_INVALID_RESULT');
    return (error as Error).message;
  }
  throw new Error('expected the result to be refused');
}

describe('normaliseModuleResult', () => {
  it('takes a string, or a response with the invocations and usage the agent reports', () => {
    expect(read('42').response).toBe('42');
    const turn = read({
      response: '42',
      tool_invocations: [{ name: 'lookup', args: { row: 'a' }, result: 7, duration_ms: 3 }, { name: 'noop' }],
      token_usage: { prompt_tokens: 12, completion_tokens: 3, cache_read_tokens: null },
    });
    expect(turn.tool_invocations).toEqual([
      { name: 'lookup', args: { row: 'a' }, result: 7, error: null, duration_ms: 3 },
      { name: 'noop', args: {}, result: null, error: null, duration_ms: null },
    ]);
    expect(turn.token_usage).toEqual({
      prompt_tokens: 12,
      completion_tokens: 3,
      total_tokens: 15,
      cache_read_tokens: 0,
      cache_creation_tokens: 0,
    });
    expect(read({ response: 'x', tool_invocations: null, token_usage: null }).tool_invocations).toEqual([]);
  });

  it('counts once a call made through tools.<name> that the agent also reports, and keeps the calls made elsewhere', () => {
    const recorded = [
      { name: 'subtract', args: { a: 5, b: 3 }, result: 2, error: null, duration_ms: 1 },
      { name: 'lookup', args: { row: 'cash', year: 2009 }, result: 7, error: null, duration_ms: 1 },
    ];
    const turn = normaliseModuleResult(
      {
        response: '2',
        tool_invocations: [
          { name: 'subtract', args: { a: 5, b: 3 }, result: 2 },
          { name: 'subtract', args: { a: 5, b: 3 }, result: 2 },
          { name: 'lookup', args: { year: 2009, row: 'cash' } },
          { name: 'search', args: { q: 'x' } },
        ],
      },
      recorded,
      REF,
    );
    // The first reported subtract and the lookup (keys in another order) are the recorded calls; a second
    // subtract with the same arguments was made outside tools.<name>, as was search.
    expect(turn.tool_invocations.map((call) => call.name)).toEqual(['subtract', 'lookup', 'subtract', 'search']);
    expect(turn.tool_invocations.slice(0, 2)).toEqual(recorded);
  });

  it('refuses token counts that are not whole numbers of at least 0, naming the field', () => {
    expect(failure({ response: 'x', token_usage: { prompt_tokens: -5 } })).toContain(
      'module agent agent.mjs:create returned token_usage.prompt_tokens a number (-5), not a whole number of at least 0',
    );
    expect(failure({ response: 'x', token_usage: { completion_tokens: 'lots' } })).toContain(
      'token_usage.completion_tokens a string ("lots"), not a whole number',
    );
    expect(failure({ response: 'x', token_usage: { total_tokens: 1.5 } })).toContain(
      'token_usage.total_tokens a number (1.5)',
    );
    expect(failure({ response: 'x', token_usage: { cache_read_tokens: Number.NaN } })).toContain(
      'token_usage.cache_read_tokens a number (NaN)',
    );
    expect(failure({ response: 'x', token_usage: 12 })).toContain('token_usage that is a number (12), not an object');
  });

  it('refuses token counts that do not add up, naming the fields and the values', () => {
    expect(
      failure({ response: 'x', token_usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 100 } }),
    ).toContain(
      'module agent agent.mjs:create returned token_usage.total_tokens 100, which is not prompt_tokens + completion_tokens (15)',
    );
    expect(failure({ response: 'x', token_usage: { total_tokens: 7 } })).toContain(
      'token_usage.total_tokens 7, which is not prompt_tokens + completion_tokens (0)',
    );
    expect(failure({ response: 'x', token_usage: { prompt_tokens: 10, cache_read_tokens: 50 } })).toContain(
      'token_usage.cache_read_tokens 50, more than prompt_tokens 10, which counts all input, the cached included',
    );
    expect(failure({ response: 'x', token_usage: { prompt_tokens: 10, cache_creation_tokens: 11 } })).toContain(
      'token_usage.cache_creation_tokens 11, more than prompt_tokens 10',
    );
    expect(
      failure({ response: 'x', token_usage: { prompt_tokens: 10, cache_read_tokens: 6, cache_creation_tokens: 5 } }),
    ).toContain('token_usage.cache_read_tokens + cache_creation_tokens (11), more than prompt_tokens 10');
    const cached = {
      prompt_tokens: 10,
      completion_tokens: 5,
      total_tokens: 15,
      cache_read_tokens: 6,
      cache_creation_tokens: 4,
    };
    expect(read({ response: 'x', token_usage: cached }).token_usage).toEqual(cached);
  });

  it('refuses tool invocations without a name or with fields of the wrong kind, naming the entry', () => {
    expect(failure({ response: 'x', tool_invocations: { name: 'a' } })).toContain(
      'tool_invocations that is an object, not a list',
    );
    expect(failure({ response: 'x', tool_invocations: [{ name: 'a' }, { args: {} }] })).toContain(
      "tool_invocations[1].name undefined, not a tool's name",
    );
    expect(failure({ response: 'x', tool_invocations: [{ name: '' }] })).toContain(
      'tool_invocations[0].name a string ("")',
    );
    expect(failure({ response: 'x', tool_invocations: ['lookup'] })).toContain(
      'tool_invocations[0] that is a string ("lookup"), not an object',
    );
    expect(failure({ response: 'x', tool_invocations: [{ name: 'a', args: [1] }] })).toContain(
      'tool_invocations[0].args that is an array, not an object of arguments',
    );
    expect(failure({ response: 'x', tool_invocations: [{ name: 'a', error: 500 }] })).toContain(
      'tool_invocations[0].error that is a number (500), not a message or null',
    );
    expect(failure({ response: 'x', tool_invocations: [{ name: 'a', duration_ms: -1 }] })).toContain(
      'tool_invocations[0].duration_ms a number (-1), not a number of milliseconds',
    );
  });

  it('refuses a response longer than 32 MB, as a string or in a result, and takes one at the limit', () => {
    const over = 'x'.repeat(MAX_MODULE_RESPONSE_CHARS + 1);
    const expected = `module agent ${REF} returned a response of 32.0 MB, more than the 32.0 MB an answer may be: send() must return`;
    expect(failure(over).startsWith(expected)).toBe(true);
    expect(failure({ response: over })).toContain('returned a response of 32.0 MB, more than the 32.0 MB');
    expect(read('y'.repeat(MAX_MODULE_RESPONSE_CHARS)).response).toHaveLength(MAX_MODULE_RESPONSE_CHARS);
  });

  it('refuses tool invocations of more than 32 MB as JSON, a graph sharing parts along 2^60 paths included', () => {
    let graph: unknown = { value: 1 };
    for (let level = 0; level < 60; level++) graph = { left: graph, right: graph };
    const expected = 'returned tool_invocations of more than 32.0 MB as JSON (as much as an answer may be)';
    expect(failure({ response: 'ok', tool_invocations: [{ name: 'lookup', args: {}, result: graph }] })).toContain(
      expected,
    );
    const big = { name: 'lookup', args: { rows: 'x'.repeat(MAX_MODULE_RESPONSE_CHARS) } };
    expect(failure({ response: 'ok', tool_invocations: [big] })).toContain(expected);
    const fine = read({ response: 'ok', tool_invocations: [{ name: 'lookup', args: { a: 1 }, result: 2 }] });
    expect(fine.tool_invocations).toHaveLength(1);
  });

  it('refuses results without a string response', () => {
    expect(failure(null)).toContain('returned null');
    expect(failure({ response: 10n })).toContain('an object without a string `response`');
    expect(failure(['x'])).toContain('an array');
    expect(failure(Symbol('s'))).toContain('a symbol');
    expect(failure(undefined)).toContain('returned nothing (undefined):');
  });

  it('refuses keys the contract does not know, naming the one meant, at every level', () => {
    expect(failure({ response: 'x', tool_calls: [{ name: 't' }] })).toBe(
      'module agent agent.mjs:create returned an unknown key `tool_calls` (did you mean `tool_invocations`?): send() must return a string or { response: string, tool_invocations?, token_usage? }',
    );
    expect(failure({ response: 'x', extra: 1 })).toContain(
      'an unknown key `extra` (known: response, tool_invocations, token_usage)',
    );
    expect(failure({ response: 'x', token_usage: { input_tokens: 3 } })).toContain(
      'an unknown key `token_usage.input_tokens` (did you mean `prompt_tokens`?)',
    );
    expect(failure({ response: 'x', tool_invocations: [{ name: 't' }, { name: 't', arguments: {} }] })).toContain(
      'an unknown key `tool_invocations[1].arguments` (did you mean `args`?)',
    );
    // Keys inherited through the prototype are not the agent's report.
    expect(read(Object.assign(Object.create({ inherited: 1 }), { response: 'x' })).response).toBe('x');
  });
});
