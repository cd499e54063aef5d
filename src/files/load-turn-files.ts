/** Reads the files of a turn and turns them into parts a backend can send: text, or image bytes. */
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { FilePart } from '../core/backend.js';
import type { FileConfig } from '../core/config-types.js';
import { decodeText, SAVE_AS_UTF8 } from '../core/decode-text.js';
import { IMAGE_MEDIA_TYPES, unsupportedImageMessage } from '../core/image-media-types.js';
import { extractPdfText } from './extract-pdf-text.js';

export class FileLoadError extends Error {
  readonly code = 'FILE_LOAD';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FileLoadError';
  }
}

export async function loadTurnFiles(files: readonly FileConfig[]): Promise<readonly FilePart[]> {
  return Promise.all(
    files.map(async (file) => {
      const part = await loadFile(file);
      return file.description === null ? part : { ...part, description: file.description };
    }),
  );
}

async function loadFile(file: FileConfig): Promise<FilePart> {
  const name = basename(file.path);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file.path);
  } catch (error) {
    throw new FileLoadError(`cannot read file ${file.path}: ${(error as Error).message}`, { cause: error });
  }
  if (file.type === 'image') {
    const media_type = IMAGE_MEDIA_TYPES[extname(file.path).toLowerCase()];
    if (!media_type) throw new FileLoadError(unsupportedImageMessage(extname(file.path), file.path));
    return { kind: 'image', name, media_type, data: bytes };
  }
  if (file.type === 'pdf') {
    let text: string;
    try {
      text = await extractPdfText(bytes);
    } catch (error) {
      throw new FileLoadError(`cannot extract text from PDF ${file.path}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    // A scan has pages but no text layer: the model would be sent an empty file and answer blind.
    if (text.trim() === '') {
      throw new FileLoadError(
        `cannot send PDF ${file.path}: it holds no text (a scan without a text layer?) — holodeck sends a PDF's text; attach its pages as images (type: image) instead`,
      );
    }
    return { kind: 'text', name, file_type: 'pdf', text };
  }
  const decoded = decodeText(bytes);
  if (!decoded.ok) {
    throw new FileLoadError(
      `cannot send ${file.path}: it is not UTF-8 text: ${decoded.problem} at line ${decoded.line}, column ${decoded.column} — ${SAVE_AS_UTF8}`,
    );
  }
  return { kind: 'text', name, file_type: file.type, text: decoded.text };
}
