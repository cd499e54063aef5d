/** The image formats a turn's `files` entry of `type: image` can be, by extension, with their media types. */
export const IMAGE_MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** `unsupported image format .txt for /p/note.txt: use png, jpg, gif or webp`. */
export function unsupportedImageMessage(extension: string, path: string): string {
  return `unsupported image format ${extension || '(none)'} for ${path}: use png, jpg, gif or webp`;
}
