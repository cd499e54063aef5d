import * as sdk from '@ai-sdk/provider-utils';
import { describe, expect, it } from 'vitest';
import { normalizeHeaders, withUserAgentSuffix } from './plain-headers.js';

/** Header inputs the providers pass, and some a web Headers object rewrites or refuses. */
const INPUTS = [
  undefined,
  {},
  { Authorization: 'Bearer sk-1', 'Content-Type': 'application/json' },
  { 'x-b': '2', 'X-A': '1', 'user-agent': 'mine/1.0', skipped: undefined },
  { 'OpenAI-Organization': '  org-1\t', accept: 'text/event-stream ' },
  { 'user-agent': '  padded/2  ', 'x-num': '0' },
  [
    ['X-Array', 'a'],
    ['x-none', undefined],
  ] as [string, string | undefined][],
  new Headers({ 'X-From-Headers': 'h', 'user-agent': 'ua/3' }),
  { 'x-latin1': 'caf\u00e9' },
] as const;

const REFUSED = [{ 'bad name': 'v' }, { 'x-line': 'a\nb' }, { 'x-wide': 'snow \u2603' }];

describe('plain headers, as the AI SDK provider utilities make them', () => {
  it.each(INPUTS.map((input, i) => [i, input] as const))(
    'input %i: the same record, in the same order',
    (_i, input) => {
      expect(normalizeHeaders(input)).toEqual(sdk.normalizeHeaders(input));
      const ours = withUserAgentSuffix(input, 'ai-sdk/openai/3.0.0', 'runtime/node');
      const theirs = sdk.withUserAgentSuffix(input, 'ai-sdk/openai/3.0.0', 'runtime/node');
      expect(ours).toEqual(theirs);
      expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    },
  );

  it.each(REFUSED)('refuses what a web Headers refuses: %o', (input) => {
    expect(() => sdk.withUserAgentSuffix(input, 'x/1')).toThrow(TypeError);
    expect(() => withUserAgentSuffix(input, 'x/1')).toThrow(TypeError);
  });
});
