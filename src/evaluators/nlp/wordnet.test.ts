import { beforeAll, describe, expect, it } from 'vitest';
import type { WordNet } from './wordnet.js';
import { sharedWordNet } from './wordnet-loader.js';

let wordnet: WordNet;
beforeAll(async () => {
  wordnet = await sharedWordNet();
});

describe('the shipped WordNet 3.0 data', () => {
  it('holds every synset of WordNet 3.0', () => {
    expect(['n', 'v', 'a', 'r'].map((pos) => wordnet.synsetCount(pos as 'n'))).toEqual([82115, 13767, 18156, 3621]);
  });

  it.each([
    ['dogs', 'n', ['dog']],
    ['churches', 'n', ['church']],
    ['aardwolves', 'n', ['aardwolf']],
    ['abaci', 'n', ['abacus']],
    ['geese', 'n', ['goose']],
    ['leaves', 'n', ['leaf', 'leave']],
    ['axes', 'n', ['ax', 'axis']],
    ['men', 'n', ['men', 'man']],
    ['catss', 'n', []],
    ['possesses', 'n', []],
    ['saw', 'v', ['saw', 'see']],
    ['rose', 'v', ['rise']],
    ['climbed', 'v', ['climb']],
    ['running', 'v', ['run']],
    ['better', 'a', ['better', 'good', 'well']],
    ['book', 'a', []],
    ['hardrock', 'r', []],
  ] as const)('morphy(%s, %s) = %j', (form, pos, expected) => {
    expect(wordnet.morphy(form, pos)).toEqual(expected);
  });

  it("relates 'rose' to 'climb' through rise.v.02, as METEOR needs for wn_rose_climbed", () => {
    expect(wordnet.lemmaNames('rose').has('climb')).toBe(true);
    expect(wordnet.lemmaNames('rose').has('rise')).toBe(true);
  });

  it.each([
    ['start', 'begin'],
    ['profit', 'gain'],
    ['help', 'aid'],
    ['car', 'automobile'],
    ['big', 'large'],
  ])('lists %s and %s as synonyms', (word, synonym) => {
    expect(wordnet.lemmaNames(word).has(synonym)).toBe(true);
  });

  it('looks words up lower-cased and through morphy, like synsets()', () => {
    expect(wordnet.lemmaNames('Dogs')).toEqual(wordnet.lemmaNames('dog'));
  });

  it('keeps the case of lemma names and leaves out multi-word names', () => {
    const names = wordnet.lemmaNames('march');
    expect(names.has('March')).toBe(true);
    expect(names.has('march')).toBe(true);
    expect(wordnet.lemmaNames('dog').has('domestic_dog')).toBe(false);
  });

  it('knows no synonyms of stems that are not words', () => {
    expect(wordnet.lemmaNames('automobil').size).toBe(0);
    expect(wordnet.lemmaNames('larg').size).toBe(0);
    expect(wordnet.lemmaNames('').size).toBe(0);
  });
});
