/** File types of turn files, and the type implied by a file's extension. */
import { extname } from 'node:path';
import type { FileType } from '../core/config-types.js';

export const FILE_TYPES = ['text', 'markdown', 'csv', 'json', 'pdf', 'image'] as const satisfies readonly FileType[];

const BY_EXTENSION: Readonly<Record<string, FileType>> = {
  '.txt': 'text',
  '.text': 'text',
  '.log': 'text',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.csv': 'csv',
  '.json': 'json',
  '.pdf': 'pdf',
  '.png': 'image',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.gif': 'image',
  '.webp': 'image',
};

export function inferFileType(path: string): FileType | null {
  return BY_EXTENSION[extname(path).toLowerCase()] ?? null;
}
