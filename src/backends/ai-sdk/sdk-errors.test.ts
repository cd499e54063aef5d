import { JSONParseError } from '@ai-sdk/provider';
import * as ai from 'ai';
import { describe, expect, it } from 'vitest';
import {
  InvalidToolInputError,
  MissingToolResultsError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  NoSuchToolError,
} from './sdk-errors.js';

/** Each of our errors beside the `ai` package's own, made with the same arguments. */
const cause = new JSONParseError({ text: '{x', cause: new SyntaxError('Unexpected token x') });
const response = { id: 'r1', timestamp: new Date(0), modelId: 'm' };
const PAIRS = [
  [
    new NoSuchToolError({ toolName: 'lookup', availableTools: ['a', 'b'] }),
    new ai.NoSuchToolError({ toolName: 'lookup', availableTools: ['a', 'b'] }),
    ai.NoSuchToolError,
  ],
  [new NoSuchToolError({ toolName: 'lookup' }), new ai.NoSuchToolError({ toolName: 'lookup' }), ai.NoSuchToolError],
  [
    new InvalidToolInputError({ toolName: 't', toolInput: '{x', cause }),
    new ai.InvalidToolInputError({ toolName: 't', toolInput: '{x', cause }),
    ai.InvalidToolInputError,
  ],
  [
    new MissingToolResultsError({ toolCallIds: ['c1'] }),
    new ai.MissingToolResultsError({ toolCallIds: ['c1'] }),
    ai.MissingToolResultsError,
  ],
  [
    new MissingToolResultsError({ toolCallIds: ['c1', 'c2'] }),
    new ai.MissingToolResultsError({ toolCallIds: ['c1', 'c2'] }),
    ai.MissingToolResultsError,
  ],
  [
    new NoObjectGeneratedError({ cause, text: '{x', response, finishReason: 'stop' }),
    new ai.NoObjectGeneratedError({ cause, text: '{x', response, usage: undefined as never, finishReason: 'stop' }),
    ai.NoObjectGeneratedError,
  ],
  [new NoOutputGeneratedError(), new ai.NoOutputGeneratedError(), ai.NoOutputGeneratedError],
] as const;

describe('the AI SDK errors holodeck raises without the ai package', () => {
  it.each(PAIRS.map(([ours, theirs, cls]) => [theirs.name, ours, theirs, cls] as const))(
    '%s: same name, message, fields and marker as the SDK’s',
    (_name, ours, theirs, cls) => {
      expect(ours.name).toBe(theirs.name);
      expect(ours.message).toBe(theirs.message);
      expect(ours.cause).toBe(theirs.cause);
      expect({ ...ours }).toEqual({ ...theirs });
      expect(cls.isInstance(ours)).toBe(true);
      expect(ai.AISDKError.isInstance(ours)).toBe(true);
      expect(ours).toBeInstanceOf(Error);
    },
  );
});
