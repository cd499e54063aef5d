/** The user message of a turn for Claude Code: its files (text inline with their names, images as image blocks), then the input. */
import type { SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import type { FilePart, TurnRequest } from '../../core/backend.js';
import { fileTagAttributes } from '../../core/file-tag.js';

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
      : [...request.files.flatMap(fileBlocks), { type: 'text', text: request.input }];
  return { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null };
}

/** A text file inline in its tag; an image as an image block, after a tag of its description when it has one. */
function fileBlocks(file: FilePart): Block[] {
  if (file.kind === 'image' && (file.description ?? null) !== null) {
    return [{ type: 'text', text: `<file ${fileTagAttributes(file, 'image')}/>\n` }, fileBlock(file)];
  }
  return [fileBlock(file)];
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
  return { type: 'text', text: `<file ${fileTagAttributes(file, file.file_type)}>\n${file.text}\n</file>\n\n` };
}
