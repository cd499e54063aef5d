/**
 * Builds the WordNet 3.0 data that METEOR's synonym stage loads at run time:
 *   assets/wordnet/wordnet-3.0-meteor.json.gz   (format: src/evaluators/nlp/wordnet-asset.ts)
 *   assets/wordnet/LICENSE                      (the WordNet 3.0 licence)
 * from the Princeton WordNet 3.0 database files data.*, index.* and *.exc.
 *
 * To regenerate (Debian/Ubuntu; the output is byte-for-byte reproducible):
 *   apt-get install wordnet-base          # WordNet 3.0 in /usr/share/wordnet, licence in /usr/share/doc
 *   npx tsx scripts/build-wordnet-data.ts [wordnet-dir] [licence-file]
 * The defaults are /usr/share/wordnet and /usr/share/doc/wordnet-base/copyright.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import {
  WORDNET_ASSET_FORMAT,
  WORDNET_ASSET_FORMAT_VERSION,
  type WordNetAsset,
  type WordNetAssetPos,
} from '../src/evaluators/nlp/wordnet-asset.js';

const FILES = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' } as const;
type Pos = keyof typeof FILES;

const wordnetDir = process.argv[2] ?? '/usr/share/wordnet';
const licenceFile = process.argv[3] ?? '/usr/share/doc/wordnet-base/copyright';
const outDir = new URL('../assets/wordnet/', import.meta.url);

/** The lines of a database file, without the licence header (whose lines start with a space). */
function entries(name: string): string[] {
  return readFileSync(`${wordnetDir}/${name}`, 'latin1')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith(' '));
}

/** data.<pos>: offset lex_filenum ss_type w_cnt(hex) [word lex_id]{w_cnt} ... | gloss */
function readSynsets(pos: Pos): { names: string[]; ordinalByOffset: Map<number, number> } {
  const names: string[] = [];
  const ordinalByOffset = new Map<number, number>();
  for (const line of entries(`data.${FILES[pos]}`)) {
    const fields = (line.split('|')[0] ?? '').trim().split(/\s+/);
    const wordCount = Number.parseInt(fields[3] ?? '', 16);
    const words: string[] = [];
    for (let k = 0; k < wordCount; k += 1) {
      const word = (fields[4 + 2 * k] ?? '').replace(/\(.*\)$/, '');
      if (!word.includes('_') && !words.includes(word)) words.push(word);
    }
    ordinalByOffset.set(Number(fields[0]), names.length);
    names.push(words.join(' '));
  }
  return { names, ordinalByOffset };
}

/**
 * index.<pos>: lemma pos synset_cnt p_cnt [ptr_symbol]{p_cnt} sense_cnt tagsense_cnt [synset_offset]{synset_cnt}
 * Returns [lemma, base-36 ordinals] sorted by lemma (UTF-16 code units).
 */
function readIndex(pos: Pos, ordinalByOffset: ReadonlyMap<number, number>): [string, string][] {
  const byLemma = new Map<string, string>();
  for (const line of entries(`index.${FILES[pos]}`)) {
    const fields = line.trim().split(/\s+/);
    const lemma = fields[0] ?? '';
    const synsetCount = Number(fields[2]);
    const firstOffset = 4 + Number(fields[3]) + 2;
    const ordinals = fields.slice(firstOffset, firstOffset + synsetCount).map((offset) => {
      const ordinal = ordinalByOffset.get(Number(offset));
      if (ordinal === undefined) throw new Error(`index.${FILES[pos]}: unknown synset ${offset} for ${lemma}`);
      return ordinal.toString(36);
    });
    if (ordinals.length !== synsetCount || synsetCount === 0) {
      throw new Error(`index.${FILES[pos]}: malformed line for ${lemma}`);
    }
    byLemma.set(lemma, ordinals.join(' '));
  }
  return [...byLemma].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** <pos>.exc: inflected base [base ...]; a later line for the same form replaces an earlier one. */
function readExceptions(pos: Pos): string[] {
  const byForm = new Map<string, string>();
  for (const line of entries(`${FILES[pos]}.exc`)) {
    const terms = line.trim().split(/\s+/);
    byForm.set(terms[0] ?? '', terms.join(' '));
  }
  return [...byForm.values()];
}

function buildPos(pos: Pos): WordNetAssetPos {
  const { names, ordinalByOffset } = readSynsets(pos);
  const index = readIndex(pos, ordinalByOffset);
  return {
    lemmas: index.map(([lemma]) => lemma).join('\n'),
    lemma_synsets: index.map(([, ordinals]) => ordinals).join('\n'),
    synset_names: names.join('\n'),
    exceptions: readExceptions(pos).join('\n'),
  };
}

/** The licence paragraph of a Debian copyright file (its continuation lines, " ." being a blank line). */
function licenceText(copyright: string): string {
  const lines = copyright.split('\n');
  const start = lines.findIndex((line) => line.startsWith('License: WordNet'));
  if (start < 0) throw new Error(`${licenceFile}: no WordNet licence paragraph`);
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith(' ')) break;
    body.push(line === ' .' ? '' : line.slice(1));
  }
  return `WordNet 3.0 licence (Princeton University)\n\n${body.join('\n')}\n`;
}

const asset: WordNetAsset = {
  format: WORDNET_ASSET_FORMAT,
  format_version: WORDNET_ASSET_FORMAT_VERSION,
  wordnet_version: '3.0',
  source: 'Princeton WordNet 3.0 (Debian package wordnet-base): data.*, index.*, *.exc',
  pos: { n: buildPos('n'), v: buildPos('v'), a: buildPos('a'), r: buildPos('r') },
};
const json = Buffer.from(JSON.stringify(asset), 'utf8');
writeFileSync(new URL('wordnet-3.0-meteor.json.gz', outDir), gzipSync(json, { level: 9 }));
writeFileSync(new URL('LICENSE', outDir), licenceText(readFileSync(licenceFile, 'utf8')));
const synsets = Object.values(asset.pos).reduce((sum, table) => sum + table.synset_names.split('\n').length, 0);
process.stdout.write(`wrote ${synsets} synsets (${json.length} bytes of JSON before gzip) to ${outDir.pathname}\n`);
