import { describe, expect, it } from 'vitest';
import { porterStem } from './porter-stemmer.js';

describe('porterStem: the examples of Porter (1980), as NLTK stems them', () => {
  it.each([
    // step 1a
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['caress', 'caress'],
    ['cats', 'cat'],
    // step 1b
    ['feed', 'feed'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['bled', 'bled'],
    ['motoring', 'motor'],
    ['sing', 'sing'],
    ['conflated', 'conflat'],
    ['troubled', 'troubl'],
    ['sized', 'size'],
    ['hopping', 'hop'],
    ['tanned', 'tan'],
    ['falling', 'fall'],
    ['hissing', 'hiss'],
    ['fizzed', 'fizz'],
    ['failing', 'fail'],
    ['filing', 'file'],
    // step 1c
    ['happy', 'happi'],
    ['sky', 'sky'],
    // step 2
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['rational', 'ration'],
    ['valenci', 'valenc'],
    ['hesitanci', 'hesit'],
    ['digitizer', 'digit'],
    ['radicalli', 'radic'],
    ['differentli', 'differ'],
    ['vileli', 'vile'],
    ['analogousli', 'analog'],
    ['vietnamization', 'vietnam'],
    ['predication', 'predic'],
    ['operator', 'oper'],
    ['feudalism', 'feudal'],
    ['decisiveness', 'decis'],
    ['hopefulness', 'hope'],
    ['callousness', 'callous'],
    ['formaliti', 'formal'],
    ['sensitiviti', 'sensit'],
    ['sensibiliti', 'sensibl'],
    // step 3
    ['triplicate', 'triplic'],
    ['formative', 'form'],
    ['formalize', 'formal'],
    ['electriciti', 'electr'],
    ['electrical', 'electr'],
    ['hopeful', 'hope'],
    ['goodness', 'good'],
    // step 4
    ['revival', 'reviv'],
    ['allowance', 'allow'],
    ['inference', 'infer'],
    ['airliner', 'airlin'],
    ['gyroscopic', 'gyroscop'],
    ['adjustable', 'adjust'],
    ['defensible', 'defens'],
    ['irritant', 'irrit'],
    ['replacement', 'replac'],
    ['adjustment', 'adjust'],
    ['dependent', 'depend'],
    ['adoption', 'adopt'],
    ['homologou', 'homolog'],
    ['communism', 'commun'],
    ['activate', 'activ'],
    ['angulariti', 'angular'],
    ['homologous', 'homolog'],
    ['effective', 'effect'],
    ['bowdlerize', 'bowdler'],
    // step 5
    ['probate', 'probat'],
    ['rate', 'rate'],
    ['cease', 'ceas'],
    ['controll', 'control'],
    ['roll', 'roll'],
  ])('%s → %s', (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });
});

describe('porterStem: NLTK_EXTENSIONS departures', () => {
  it.each([
    // irregular forms
    ['dying', 'die'],
    ['lying', 'lie'],
    ['tying', 'tie'],
    ['skies', 'sky'],
    ['news', 'news'],
    ['innings', 'inning'],
    ['outings', 'outing'],
    ['proceed', 'proceed'],
    ['exceed', 'exceed'],
    ['succeed', 'succeed'],
    // four-letter -ies / -ied keep -ie, longer ones become -i
    ['ties', 'tie'],
    ['dies', 'die'],
    ['died', 'die'],
    ['spied', 'spi'],
    ['flies', 'fli'],
    // y → i only after a consonant that is not the first letter
    ['enjoy', 'enjoy'],
    ['fly', 'fli'],
    ['syzygy', 'syzygi'],
    // -alli first, then step 2 again; -bli, -fulli, -logi
    ['generously', 'gener'],
    ['generalization', 'gener'],
    ['conformabli', 'conform'],
    ['hopefulli', 'hope'],
    ['archaeologi', 'archaeolog'],
    ['geologi', 'geolog'],
    // *o holds for a two-letter vowel-consonant stem
    ['oed', 'o'],
    ['owed', 'owe'],
  ])('%s → %s', (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });

  it('only lower-cases words of one or two characters', () => {
    expect(porterStem('On')).toBe('on');
    expect(porterStem('I')).toBe('i');
    expect(porterStem('is')).toBe('is');
    expect(porterStem('')).toBe('');
  });

  it('lower-cases before stemming but looks irregular forms up as given', () => {
    expect(porterStem('Running')).toBe('run');
    expect(porterStem('Dying')).toBe('dy');
    expect(porterStem('GitHub')).toBe('github');
  });

  it('counts code points, so an astral character is one letter', () => {
    expect(porterStem('a🚀ing')).toBe('a🚀e');
    expect(porterStem('🚀s')).toBe('🚀s');
    expect(porterStem('x🚀🚀ing')).toBe('x🚀🚀ing');
    expect(porterStem('ab🚀😀s')).toBe('ab🚀😀');
  });

  it('treats non-ASCII letters as consonants and keeps them', () => {
    expect(porterStem('straße')).toBe('straße');
    expect(porterStem('naïvely')).toBe('naïv');
    expect(porterStem('cafés')).toBe('café');
  });
});
