/** The user message of a turn: its files (text inline with their names, images as image parts), then the input. */
import type { UserModelMessage } from 'ai';
import type { FilePart, TurnRequest } from '../../core/backend.js';

export function buildUserMessage(request: Pick<TurnRequest, 'input' | 'files'>): UserModelMessage {
  if (request.files.length === 0) return { role: 'user', content: request.input };
  return {
    role: 'user',
    content: [...request.files.map(filePart), { type: 'text', text: request.input }],
  };
}

function filePart(file: FilePart): Exclude<UserModelMessage['content'], string>[number] {
  if (file.kind === 'image') return { type: 'image', image: file.data, mediaType: file.media_type };
  return {
    type: 'text',
    text: `<file name="${file.name}" type="${file.file_type}">\n${file.text}\n</file>\n\n`,
  };
}
