/** Reads a configuration file and parses it: `.json` with JSON.parse, anything else as YAML. */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseJsonSource } from './json-source.js';
import type { SourceParse } from './source-document.js';
import { parseYamlSource } from './yaml-source.js';

export type SourceRead = SourceParse | { readonly ok: false; readonly missing: true; readonly error: string };

export async function readSource(path: string): Promise<SourceRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { ok: false, missing: true, error: code === 'ENOENT' ? 'not found' : String(error) };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return extname(path).toLowerCase() === '.json' ? parseJsonSource(path, text) : parseYamlSource(path, text);
}
