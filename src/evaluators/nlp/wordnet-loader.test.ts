import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeWordNetAsset, WORDNET_ASSET_FORMAT, type WordNetAsset } from './wordnet-asset.js';
import { loadOnce, loadWordNet, sharedWordNet, WordNetDataError } from './wordnet-loader.js';

const EMPTY_POS = { lemmas: '', lemma_synsets: '', synset_names: '', exceptions: '' };

/** A miniature asset: two noun synsets, one verb synset, exception lists. */
const TINY: WordNetAsset = {
  format: WORDNET_ASSET_FORMAT,
  format_version: 1,
  wordnet_version: '3.0',
  source: 'test',
  pos: {
    n: { lemmas: 'car\nauto', lemma_synsets: '0\n0', synset_names: 'car auto\n', exceptions: '' },
    v: { lemmas: 'climb\nrise', lemma_synsets: '0\n0', synset_names: 'rise climb', exceptions: 'rose rise' },
    a: EMPTY_POS,
    r: EMPTY_POS,
  },
};
const SORTED_TINY: WordNetAsset = { ...TINY, pos: { ...TINY.pos, n: { ...TINY.pos.n, lemmas: 'auto\ncar' } } };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wordnet-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fileWith(name: string, content: Buffer): Promise<URL> {
  const path = join(dir, name);
  await writeFile(path, content);
  return pathToFileURL(path);
}

describe('decodeWordNetAsset', () => {
  it('builds lookup tables from a valid asset', async () => {
    const wordnet = await loadWordNet(await fileWith('tiny.json.gz', gzipSync(JSON.stringify(SORTED_TINY))));
    expect([...wordnet.lemmaNames('rose')]).toEqual(['rise', 'climb']);
    expect([...wordnet.lemmaNames('cars')]).toEqual(['car', 'auto']);
    expect(wordnet.synsetCount('n')).toBe(2);
  });

  it.each([
    ['a different format', { ...SORTED_TINY, format: 'other' }, /not a holodeck-wordnet-meteor file/],
    ['another version', { ...SORTED_TINY, format_version: 2 }, /unsupported format_version 2/],
    ['no parts of speech', { ...SORTED_TINY, pos: null }, /pos is missing/],
    ['a missing part of speech', { ...SORTED_TINY, pos: { ...SORTED_TINY.pos, r: undefined } }, /pos\.r is missing/],
    ['unsorted lemmas', TINY, /not sorted/],
    [
      'a bad ordinal',
      { ...SORTED_TINY, pos: { ...SORTED_TINY.pos, v: { ...TINY.pos.v, lemma_synsets: '0\n-1' } } },
      /ordinals/,
    ],
    [
      'a non-string table',
      { ...SORTED_TINY, pos: { ...SORTED_TINY.pos, a: { ...EMPTY_POS, lemmas: [] } } },
      /pos\.a\.lemmas must be a string/,
    ],
  ])('rejects %s', (_name, value, message) => {
    expect(() => decodeWordNetAsset(value)).toThrow(message);
  });
});

describe('loadWordNet', () => {
  it('reports a missing file as unavailable', async () => {
    const missing = pathToFileURL(join(dir, 'missing.json.gz'));
    const failure = loadWordNet(missing);
    await expect(failure).rejects.toBeInstanceOf(WordNetDataError);
    await expect(failure).rejects.toMatchObject({ code: 'WORDNET_DATA_UNAVAILABLE' });
    await expect(failure).rejects.toThrow(/cannot read the WordNet data for METEOR/);
  });

  it('reports a file that is not gzip as invalid', async () => {
    const failure = loadWordNet(await fileWith('plain.json', Buffer.from('{}')));
    await expect(failure).rejects.toMatchObject({ code: 'WORDNET_DATA_INVALID' });
  });

  it('reports gzipped text that is not JSON as invalid', async () => {
    const failure = loadWordNet(await fileWith('text.gz', gzipSync('not json')));
    await expect(failure).rejects.toMatchObject({ code: 'WORDNET_DATA_INVALID' });
  });

  it('reports JSON of the wrong shape as invalid, saying why', async () => {
    const failure = loadWordNet(await fileWith('unsorted.json.gz', gzipSync(JSON.stringify(TINY))));
    await expect(failure).rejects.toMatchObject({ code: 'WORDNET_DATA_INVALID' });
    await expect(failure).rejects.toThrow(/is damaged: lemmas are not sorted/);
  });

  it('loads the shipped data once and shares it', async () => {
    const first = sharedWordNet();
    expect(sharedWordNet()).toBe(first);
    expect((await first).synsetCount('n')).toBe(82115);
  });
});

describe('loadOnce', () => {
  it('shares one load between calls', async () => {
    let loads = 0;
    const get = loadOnce(async () => ++loads);
    const [a, b] = await Promise.all([get(), get()]);
    expect([a, b, await get(), loads]).toEqual([1, 1, 1, 1]);
  });

  it('retries after a failed load', async () => {
    let loads = 0;
    const get = loadOnce(async () => {
      loads += 1;
      if (loads === 1) throw new Error('first load fails');
      return loads;
    });
    await expect(get()).rejects.toThrow('first load fails');
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
  });
});
