/** The user message of a turn for Claude Code: its files (text inline with their names, images as image blocks), then the input. */
import type { SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import type { FilePart, TurnRequest } from '../../core/backend.js';

type Content = SDKUserMessage['message']['content'];
type Block = Exclude<Content, string>[number];
type ImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

const IMAGE_TYPES: ReadonlySet<string> = new Set<ImageMediaType>([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);

export function buildPrompt(request: Pick<TurnRequest, 'input' | 'files'>): SDKUserMessage {
  const content: Content =
    request.files.length === 0
      ? request.input
      : [...request.files.map(fileBlock), { type: 'text', text: request.input }];
  return { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null };
}

function fileBlock(file: FilePart): Block {
  if (file.kind === 'image') {
    if (!IMAGE_TYPES.has(file.media_type)) {
      return {
        type: 'text',
        text: `<file name="${file.name}">(image type ${file.media_type} cannot be sent to the model)</file>\n\n`,
      };
    }
    return {
      type: 'image',
      source: {
        type: 'base64',
        media_type: file.media_type as ImageMediaType,
        data: Buffer.from(file.data).toString('base64'),
      },
    };
  }
  return { type: 'text', text: `<file name="${file.name}" type="${file.file_type}">\n${file.text}\n</file>\n\n` };
}
