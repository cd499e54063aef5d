/**
 * The tag a file sent with a turn opens with, as both backends write it: its name, its type and, when the
 * configuration gives one, its description (`<file name="report.pdf" type="pdf" description="the annual report">`).
 */
import type { FilePart } from './backend.js';

export function fileTagAttributes(file: FilePart, type: string): string {
  const description = file.description ?? null;
  const described = description === null ? '' : ` description="${attribute(description)}"`;
  return `name="${file.name}" type="${type}"${described}`;
}

/** A value inside double quotes: its quotes and line breaks spelled out, so it cannot end the tag. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/\r?\n/g, ' ');
}
