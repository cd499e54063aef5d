import { describe, expect, it } from 'vitest';
import { stepMessages } from './step-messages.js';
import type { StepPart } from './tool-loop-step.js';

const TEXT = { images: false };
const meta = { openai: { itemId: 'msg_1' } };

describe('stepMessages', () => {
  it('makes a final answer one assistant message, leaving out empty text parts', () => {
    const content: StepPart[] = [
      { type: 'reasoning', text: 'The change is 206588 - 181001.' },
      { type: 'text', text: '' },
      { type: 'text', text: '25587', providerMetadata: meta },
    ];
    expect(stepMessages(content, TEXT)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'The change is 206588 - 181001.' },
          { type: 'text', text: '25587', providerOptions: meta },
        ],
      },
    ]);
  });

  it('sends no message for a step that said nothing', () => {
    expect(stepMessages([{ type: 'text', text: '' }], TEXT)).toEqual([]);
  });

  it('answers tool calls with one tool message, results in call order whatever order they settled in', () => {
    const content: StepPart[] = [
      { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: { column: '2009' } },
      { type: 'tool-call', toolCallId: 'c2', toolName: 'lookup', input: { column: '2008' } },
      {
        type: 'tool-result',
        toolCallId: 'c2',
        toolName: 'lookup',
        input: { column: '2008' },
        output: { value: 181001, content: null },
      },
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'lookup',
        input: { column: '2009' },
        output: { value: '206588', content: null },
      },
    ];
    const [assistant, tool] = stepMessages(content, TEXT);
    expect(assistant).toEqual({
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: { column: '2009' } },
        { type: 'tool-call', toolCallId: 'c2', toolName: 'lookup', input: { column: '2008' } },
      ],
    });
    expect(tool).toEqual({
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'c1', toolName: 'lookup', output: { type: 'text', value: '206588' } },
        { type: 'tool-result', toolCallId: 'c2', toolName: 'lookup', output: { type: 'json', value: 181001 } },
      ],
    });
  });

  it('sends an invalid call whose input was not JSON as {}, and its error as error text', () => {
    const content: StepPart[] = [
      {
        type: 'tool-call',
        toolCallId: 'c1',
        toolName: 'divide',
        input: '{"a": 1, "b": ',
        invalid: true,
        error: new Error('Invalid input for tool divide: JSON parsing failed'),
      },
      {
        type: 'tool-error',
        toolCallId: 'c1',
        toolName: 'divide',
        input: '{"a": 1, "b": ',
        error: new Error('Invalid input for tool divide: JSON parsing failed'),
      },
      {
        type: 'tool-call',
        toolCallId: 'c2',
        toolName: 'divide',
        input: { a: 1, b: 'x' },
        invalid: true,
        error: new Error('Type validation failed'),
      },
    ];
    expect(stepMessages(content, TEXT)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'c1', toolName: 'divide', input: {} },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'divide', input: { a: 1, b: 'x' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'divide',
            output: { type: 'error-text', value: 'Invalid input for tool divide: JSON parsing failed' },
          },
        ],
      },
    ]);
  });

  it('sends a tool’s images only to a model that takes them, and a file part as base64', () => {
    const image = {
      type: 'image',
      data: 'AAAA',
      media_type: 'image/png',
      placeholder: '[image image/png, 3 B]',
    } as const;
    const content: StepPart[] = [
      { type: 'file', mediaType: 'image/png', data: new Uint8Array([1, 2, 3]) },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'chart', input: {} },
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'chart',
        input: {},
        output: { value: null, content: [image] },
      },
    ];
    const withImages = stepMessages(content, { images: true });
    expect(withImages[0]?.content[0]).toEqual({ type: 'file', data: 'AQID', mediaType: 'image/png' });
    expect(withImages[1]?.content[0]).toMatchObject({
      output: { type: 'content', value: [{ type: 'image-data', data: 'AAAA', mediaType: 'image/png' }] },
    });
    expect(stepMessages(content, TEXT)[1]?.content[0]).toMatchObject({
      output: { type: 'text', value: '[image image/png, 3 B]' },
    });
  });
});
