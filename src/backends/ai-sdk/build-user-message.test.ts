import { describe, expect, it } from 'vitest';
import { buildUserMessage } from './build-user-message.js';

describe('buildUserMessage', () => {
  it('sends a turn without files as one text part', () => {
    expect(buildUserMessage({ input: 'what about in 2008?', files: [] })).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'what about in 2008?' }],
    });
  });

  it('puts files first, text files with their name and type, images as file parts with their media type', () => {
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
      { type: 'file', data, mediaType: 'image/png' },
      { type: 'text', text: 'summarise' },
    ]);
  });

  it("tells a file's description with it, quoted so that it cannot end the tag", () => {
    const data = new Uint8Array([1, 2, 3]);
    const message = buildUserMessage({
      input: 'q',
      files: [
        { kind: 'text', name: 'r.pdf', file_type: 'pdf', text: 'cash', description: 'the "annual"\nreport' },
        { kind: 'image', name: 'c.png', media_type: 'image/png', data, description: 'the chart' },
        { kind: 'image', name: 'd.png', media_type: 'image/png', data, description: null },
      ],
    });
    expect(message.content).toEqual([
      {
        type: 'text',
        text: '<file name="r.pdf" type="pdf" description="the &quot;annual&quot; report">\ncash\n</file>\n\n',
      },
      { type: 'text', text: '<file name="c.png" type="image" description="the chart"/>\n' },
      { type: 'file', data, mediaType: 'image/png' },
      { type: 'file', data, mediaType: 'image/png' },
      { type: 'text', text: 'q' },
    ]);
  });

  it('leaves out an empty input after files, as the SDK did', () => {
    const data = new Uint8Array([1]);
    const message = buildUserMessage({
      input: '',
      files: [{ kind: 'image', name: 'a.png', media_type: 'image/png', data }],
    });
    expect(message.content).toEqual([{ type: 'file', data, mediaType: 'image/png' }]);
  });

  it('takes an image media type from its first bytes when they show one, as the SDK did', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
    const named = buildUserMessage({
      input: 'x',
      files: [{ kind: 'image', name: 'chart.jpg', media_type: 'image/jpeg', data: png }],
    });
    expect(named.content[0]).toMatchObject({ type: 'file', mediaType: 'image/png' });
    const unknown = new Uint8Array([1, 2, 3]);
    const kept = buildUserMessage({
      input: 'x',
      files: [{ kind: 'image', name: 'a.webp', media_type: 'image/webp', data: unknown }],
    });
    expect(kept.content[0]).toMatchObject({ mediaType: 'image/webp' });
  });
});
