import { describe, expect, it } from 'vitest';
import { buildUserMessage } from './build-user-message.js';

describe('buildUserMessage', () => {
  it('sends a turn without files as plain text', () => {
    expect(buildUserMessage({ input: 'what about in 2008?', files: [] })).toEqual({
      role: 'user',
      content: 'what about in 2008?',
    });
  });

  it('puts files first, text files with their name and type, images as image parts', () => {
    const data = new Uint8Array([1, 2, 3]);
    const message = buildUserMessage({
      input: 'summarise',
      files: [
        { kind: 'text', name: 'report.pdf', file_type: 'pdf', text: 'Net cash 206588' },
        { kind: 'image', name: 'chart.png', media_type: 'image/png', data },
      ],
    });
    expect(message.content).toEqual([
      { type: 'text', text: '<file name="report.pdf" type="pdf">\nNet cash 206588\n</file>\n\n' },
      { type: 'image', image: data, mediaType: 'image/png' },
      { type: 'text', text: 'summarise' },
    ]);
  });
});
