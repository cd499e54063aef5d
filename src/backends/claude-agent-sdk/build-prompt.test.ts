import { describe, expect, it } from 'vitest';
import { buildPrompt } from './build-prompt.js';

describe('buildPrompt', () => {
  it('sends a turn without files as plain text', () => {
    expect(buildPrompt({ input: 'what about 2008?', files: [] })).toEqual({
      type: 'user',
      message: { role: 'user', content: 'what about 2008?' },
      parent_tool_use_id: null,
    });
  });

  it('puts the files first: text inline with its name, images as base64 image blocks', () => {
    const prompt = buildPrompt({
      input: 'summarise',
      files: [
        { kind: 'text', name: 'report.md', file_type: 'markdown', text: '# Cash' },
        { kind: 'image', name: 'chart.png', media_type: 'image/png', data: new Uint8Array([1, 2, 3]) },
      ],
    });
    expect(prompt.message.content).toEqual([
      { type: 'text', text: '<file name="report.md" type="markdown">\n# Cash\n</file>\n\n' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AQID' } },
      { type: 'text', text: 'summarise' },
    ]);
  });

  it("tells a file's description with it", () => {
    const prompt = buildPrompt({
      input: 'q',
      files: [
        { kind: 'text', name: 'r.md', file_type: 'markdown', text: '# Cash', description: 'the report' },
        { kind: 'image', name: 'c.png', media_type: 'image/png', data: new Uint8Array([1]), description: 'the chart' },
      ],
    });
    expect(prompt.message.content).toEqual([
      { type: 'text', text: '<file name="r.md" type="markdown" description="the report">\n# Cash\n</file>\n\n' },
      { type: 'text', text: '<file name="c.png" type="image" description="the chart"/>\n' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AQ==' } },
      { type: 'text', text: 'q' },
    ]);
  });
});
