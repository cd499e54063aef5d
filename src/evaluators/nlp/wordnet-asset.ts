/**
 * The compact WordNet file shipped in `assets/wordnet/` (written by `scripts/build-wordnet-data.ts`):
 * gzipped JSON of this shape, each table one string of lines joined by `\n` so it loads fast:
 *
 *   { format, format_version, wordnet_version, source,
 *     pos: { n|v|a|r: { lemmas, lemma_synsets, synset_names, exceptions } } }
 *
 * - `lemmas`: the lemmas of the part of speech's index file, sorted by UTF-16 code units.
 * - `lemma_synsets`: line i lists the synsets of lemma i as base-36 ordinals separated by spaces.
 * - `synset_names`: line k holds the k-th synset of the data file (in file order): its single-word lemma
 *   names separated by spaces, case kept, `(a)`/`(p)`/`(ip)` markers stripped; names with `_` are left out,
 *   so a line may be empty.
 * - `exceptions`: lines `form base1 base2 ...` of the exception list (one line per form).
 */

import { isRecord } from '../../core/is-record.js';
import { LineTable } from './line-table.js';
import { WORDNET_POS, type WordNetPos } from './morphy.js';
import { SortedLemmaIndex } from './sorted-lemma-index.js';
import type { WordNetPosTable, WordNetTables } from './wordnet.js';

export const WORDNET_ASSET_FORMAT = 'holodeck-wordnet-meteor';
export const WORDNET_ASSET_FORMAT_VERSION = 1;

export interface WordNetAssetPos {
  readonly lemmas: string;
  readonly lemma_synsets: string;
  readonly synset_names: string;
  readonly exceptions: string;
}

export interface WordNetAsset {
  readonly format: typeof WORDNET_ASSET_FORMAT;
  readonly format_version: typeof WORDNET_ASSET_FORMAT_VERSION;
  readonly wordnet_version: string;
  readonly source: string;
  readonly pos: Readonly<Record<WordNetPos, WordNetAssetPos>>;
}

/** Lists of ordinals: base-36 numbers separated by single spaces, one list per line. */
const ORDINAL_LINES = /^[0-9a-z]+(?:[ \n][0-9a-z]+)*$/;

function text(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new TypeError(`${where} must be a string`);
  return value;
}

function decodeExceptions(lines: string): Map<string, string[]> {
  const exceptions = new Map<string, string[]>();
  if (lines === '') return exceptions;
  for (const entry of lines.split('\n')) {
    const [form = '', ...bases] = entry.split(' ');
    exceptions.set(form, bases);
  }
  return exceptions;
}

function decodePos(value: unknown, where: string): WordNetPosTable {
  if (!isRecord(value)) throw new TypeError(`${where} is missing`);
  const lemmaSynsets = value['lemma_synsets'];
  if (typeof lemmaSynsets !== 'string' || (lemmaSynsets !== '' && !ORDINAL_LINES.test(lemmaSynsets))) {
    throw new TypeError(`${where}.lemma_synsets must be lines of base-36 ordinals`);
  }
  return {
    index: new SortedLemmaIndex(new LineTable(text(value['lemmas'], `${where}.lemmas`)), new LineTable(lemmaSynsets)),
    synsetNames: new LineTable(text(value['synset_names'], `${where}.synset_names`)),
    exceptions: decodeExceptions(text(value['exceptions'], `${where}.exceptions`)),
  };
}

/** Checks the parsed JSON and builds the lookup tables; throws a TypeError naming what is wrong. */
export function decodeWordNetAsset(value: unknown): WordNetTables {
  if (!isRecord(value) || value['format'] !== WORDNET_ASSET_FORMAT) {
    throw new TypeError(`not a ${WORDNET_ASSET_FORMAT} file`);
  }
  if (value['format_version'] !== WORDNET_ASSET_FORMAT_VERSION) {
    throw new TypeError(`unsupported format_version ${JSON.stringify(value['format_version'])}`);
  }
  const pos = value['pos'];
  if (!isRecord(pos)) throw new TypeError('pos is missing');
  const [n, v, a, r] = WORDNET_POS.map((tag) => decodePos(pos[tag], `pos.${tag}`));
  if (n === undefined || v === undefined || a === undefined || r === undefined) throw new TypeError('pos is missing');
  return { n, v, a, r };
}
