/**
 * The user message of a turn, in the provider's prompt shape: its files (text inline with their names,
 * images as file parts), then the input. Built once per turn. A turn's files are sent with that turn only: the
 * history keeps its message with each file named in an empty tag, its content not sent again.
 * It is what the AI SDK's prompt conversion made of our message before: empty text parts between files are
 * dropped, a turn without files is one text part, and an image's media type is the one its first bytes show
 * (else the one its file name gave).
 */
import type { FilePart, TurnRequest } from '../../core/backend.js';
import { fileTagAttributes } from '../../core/file-tag.js';
import type { ProviderUserMessage } from './provider-model.js';

type UserPart = ProviderUserMessage['content'][number];

export function buildUserMessage(request: Pick<TurnRequest, 'input' | 'files'>): ProviderUserMessage {
  if (request.files.length === 0) return { role: 'user', content: [{ type: 'text', text: request.input }] };
  const parts: UserPart[] = request.files.flatMap(fileParts);
  if (request.input !== '') parts.push({ type: 'text', text: request.input });
  return { role: 'user', content: parts };
}

/** The turn's message as later turns carry it: each file named (`<file name=… type=…/>`), then the input. */
export function historyUserMessage(request: Pick<TurnRequest, 'input' | 'files'>): ProviderUserMessage {
  if (request.files.length === 0) return buildUserMessage(request);
  const tags = request.files.map((file) => `<file ${fileTagAttributes(file, fileType(file))}/>\n`).join('');
  return {
    role: 'user',
    content: [{ type: 'text', text: `${tags}${request.input === '' ? '' : `\n${request.input}`}` }],
  };
}

const fileType = (file: FilePart) => (file.kind === 'image' ? 'image' : file.file_type);

/** A text file inline in its tag; an image as a file part, after a tag of its description when it has one. */
function fileParts(file: FilePart): UserPart[] {
  if (file.kind === 'image') {
    const image: UserPart = { type: 'file', data: file.data, mediaType: sniffImageType(file.data) ?? file.media_type };
    if ((file.description ?? null) === null) return [image];
    return [{ type: 'text', text: `<file ${fileTagAttributes(file, 'image')}/>\n` }, image];
  }
  return [{ type: 'text', text: `<file ${fileTagAttributes(file, file.file_type)}>\n${file.text}\n</file>\n\n` }];
}

/** The AI SDK's image signatures (`null` matches any byte). */
const IMAGE_SIGNATURES: readonly { readonly type: string; readonly prefix: readonly (number | null)[] }[] = [
  { type: 'image/gif', prefix: [0x47, 0x49, 0x46] },
  { type: 'image/png', prefix: [0x89, 0x50, 0x4e, 0x47] },
  { type: 'image/jpeg', prefix: [0xff, 0xd8] },
  { type: 'image/webp', prefix: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
  { type: 'image/bmp', prefix: [0x42, 0x4d] },
  { type: 'image/tiff', prefix: [0x49, 0x49, 0x2a, 0x00] },
  { type: 'image/tiff', prefix: [0x4d, 0x4d, 0x00, 0x2a] },
  { type: 'image/avif', prefix: [0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66] },
  { type: 'image/heic', prefix: [0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63] },
];

export function sniffImageType(bytes: Uint8Array): string | null {
  for (const { type, prefix } of IMAGE_SIGNATURES) {
    if (bytes.length >= prefix.length && prefix.every((byte, i) => byte === null || bytes[i] === byte)) return type;
  }
  return null;
}
