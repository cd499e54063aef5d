/**
 * An ajv whose checks take time linear in what they check, for JSON Schemas run on what an agent sends (tool
 * arguments, answers): `pattern` and `patternProperties` on RE2 (see linear-reg-exp-engine.ts), and the standard
 * formats of ajv-formats, whose one quadratic check — `url`, on a long run of `:` or `@` — is bounded in length
 * (a `url` longer than URL_FORMAT_MAX_LENGTH fails it). The other formats take linear time: measured on 100,000
 * characters of repeated separators, digits and letters, each within milliseconds. ajv and ajv-formats are
 * loaded on the first call.
 */
import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ErrorObject, Options } from 'ajv';
import { linearRegExpEngine, type RefusedPattern } from './linear-reg-exp-engine.js';

export type JsonSchemaDraft = '2020-12' | '2019-09' | 'draft-07';

/** The longest string the `url` format checks; a longer one fails it (the check takes time quadratic in it). */
export const URL_FORMAT_MAX_LENGTH = 2048;

type AjvConstructor = new (options: Options) => AjvClass;

const MODULES: Readonly<Record<JsonSchemaDraft, string>> = {
  '2020-12': 'ajv/dist/2020',
  '2019-09': 'ajv/dist/2019',
  'draft-07': 'ajv',
};

/** A fresh ajv of that draft with the standard formats; errors carry the value they are about (`data`). */
export function createLinearAjv(draft: JsonSchemaDraft, options: Options, refused: RefusedPattern): AjvClass {
  const require = createRequire(import.meta.url);
  const Ajv = (require(MODULES[draft]) as { default: AjvConstructor }).default;
  const addFormats = (require('ajv-formats') as { default: (ajv: AjvClass) => AjvClass }).default;
  const code = { ...options.code, regExp: linearRegExpEngine(refused) };
  const ajv = addFormats(new Ajv({ ...options, verbose: true, code }));
  const url = ajv.formats['url'];
  if (url instanceof RegExp) {
    ajv.addFormat('url', {
      type: 'string',
      validate: (text) => text.length <= URL_FORMAT_MAX_LENGTH && url.test(text),
    });
  }
  return ajv;
}

/** An error's message, saying why a value too long for its format was not checked. */
export function linearAjvMessage(error: ErrorObject): string {
  const message = error.message ?? error.keyword;
  const data: unknown = error.data;
  const tooLong =
    error.keyword === 'format' &&
    error.params['format'] === 'url' &&
    typeof data === 'string' &&
    data.length > URL_FORMAT_MAX_LENGTH;
  if (!tooLong) return message;
  return `${message} (a "url" is checked up to ${URL_FORMAT_MAX_LENGTH} characters; this one has ${data.length})`;
}
