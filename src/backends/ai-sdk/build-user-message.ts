/**
 * The user message of a turn, in the provider's prompt shape: its files (text inline with their names,
 * images as file parts), then the input. Built once per turn; the history keeps it as it is sent.
 * It is what the AI SDK's prompt conversion made of our message before: empty text parts between files are
 * dropped, a turn without files is one text part.
 */
import type { FilePart, TurnRequest } from '../../core/backend.js';
import type { ProviderUserMessage } from './provider-model.js';

type UserPart = ProviderUserMessage['content'][number];

export function buildUserMessage(request: Pick<TurnRequest, 'input' | 'files'>): ProviderUserMessage {
  if (request.files.length === 0) return { role: 'user', content: [{ type: 'text', text: request.input }] };
  const parts: UserPart[] = request.files.map(filePart);
  if (request.input !== '') parts.push({ type: 'text', text: request.input });
  return { role: 'user', content: parts };
}

function filePart(file: FilePart): UserPart {
  if (file.kind === 'image') return { type: 'file', data: file.data, mediaType: file.media_type };
  return {
    type: 'text',
    text: `<file name="${file.name}" type="${file.file_type}">\n${file.text}\n</file>\n\n`,
  };
}
