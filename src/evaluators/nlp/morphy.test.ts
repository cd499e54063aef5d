import { describe, expect, it } from 'vitest';
import { type MorphyLexicon, morphy, type WordNetPos } from './morphy.js';

/** A tiny lexicon: lemmas per part of speech and exception lists. */
function lexicon(
  lemmas: Partial<Record<WordNetPos, string[]>>,
  exceptions: Partial<Record<WordNetPos, Record<string, string[]>>> = {},
): MorphyLexicon {
  return {
    hasLemma: (form, pos) => lemmas[pos]?.includes(form) ?? false,
    exceptionBases: (form, pos) => exceptions[pos]?.[form],
  };
}

describe('morphy', () => {
  it('keeps the form itself when it is a lemma, then the results of every rule that applies', () => {
    const words = lexicon({ n: ['glasses', 'glass', 'glasse'] });
    expect(morphy('glasses', 'n', words)).toEqual(['glasses', 'glasse', 'glass']);
  });

  it('applies the rules of the given part of speech only', () => {
    const words = lexicon({ v: ['hope'], n: ['hop'] });
    expect(morphy('hoping', 'v', words)).toEqual(['hope']);
    expect(morphy('hoping', 'n', words)).toEqual([]);
  });

  it('strips a suffix once, not repeatedly', () => {
    expect(morphy('catss', 'n', lexicon({ n: ['cat', 'cats'] }))).toEqual(['cats']);
    expect(morphy('catsss', 'n', lexicon({ n: ['cat'] }))).toEqual([]);
  });

  it('uses the exception list instead of the rules for a listed form', () => {
    const words = lexicon({ v: ['saw', 'see', 'sa'] }, { v: { saw: ['see'] } });
    expect(morphy('saw', 'v', words)).toEqual(['saw', 'see']);
    const nouns = lexicon({ n: ['ax', 'axis', 'axe'] }, { n: { axes: ['ax', 'axis'] } });
    expect(morphy('axes', 'n', nouns)).toEqual(['ax', 'axis']);
  });

  it('keeps each candidate once', () => {
    expect(morphy('bases', 'v', lexicon({ v: ['base'] }))).toEqual(['base']);
  });

  it('has no rules for adverbs', () => {
    expect(morphy('quickly', 'r', lexicon({ r: ['quick'] }))).toEqual([]);
  });

  it('derives adjectives from comparatives and superlatives', () => {
    const words = lexicon({ a: ['large', 'big'] });
    expect(morphy('larger', 'a', words)).toEqual(['large']);
    expect(morphy('biggest', 'a', words)).toEqual([]);
  });
});
