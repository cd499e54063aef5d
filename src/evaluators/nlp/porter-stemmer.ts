/**
 * The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980) with the departures that NLTK's
 * `PorterStemmer` makes in its default NLTK_EXTENSIONS mode, so that stems equal NLTK's:
 * - a table of irregular forms (`dying` → `die`, `skies` → `sky`, `news` → `news`, ...) bypasses the rules;
 * - words of one or two characters are only lower-cased;
 * - step 1a maps a four-letter `-ies` word to `-ie` (`dies` → `die`), step 1b does the same for `-ied` and
 *   maps any other `-ied` to `-i` (`spied` → `spi`);
 * - the *o condition also holds for a two-letter vowel-consonant stem;
 * - step 1c turns `y` into `i` only after a consonant that is not the first letter (`happy` → `happi`,
 *   `enjoy` → `enjoy`, `fly` → `fli`);
 * - step 2 applies `-alli` → `-al` first and then runs step 2 again, uses `-bli` → `-ble` in place of
 *   `-abli` → `-able`, and adds `-fulli` → `-ful` and `-logi` → `-log` (measured with the `l`).
 * Lengths and positions count code points, as Python does.
 */
import { codePointLength, withOneUnitPerCodePoint } from './python-text.js';

const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map([
  ['sky', 'sky'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['news', 'news'],
  ['innings', 'inning'],
  ['inning', 'inning'],
  ['outings', 'outing'],
  ['outing', 'outing'],
  ['cannings', 'canning'],
  ['canning', 'canning'],
  ['howe', 'howe'],
  ['proceed', 'proceed'],
  ['exceed', 'exceed'],
  ['succeed', 'succeed'],
]);

const CODE_A = 97;
const CODE_E = 101;
const CODE_I = 105;
const CODE_O = 111;
const CODE_U = 117;
const CODE_Y = 121;

/** Whether `word[i]` is a consonant: not a vowel, and not a `y` that follows a consonant. */
function isConsonant(word: string, i: number): boolean {
  const code = word.charCodeAt(i);
  if (code === CODE_A || code === CODE_E || code === CODE_I || code === CODE_O || code === CODE_U) return false;
  if (code === CODE_Y) return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** Porter's m: the number of vowel-to-consonant transitions in `word`. */
function measure(word: string): number {
  let count = 0;
  let previousConsonant = true;
  for (let i = 0; i < word.length; i += 1) {
    const consonant = isConsonant(word, i);
    if (consonant && !previousConsonant) count += 1;
    previousConsonant = consonant;
  }
  return count;
}

function containsVowel(word: string): boolean {
  for (let i = 0; i < word.length; i += 1) if (!isConsonant(word, i)) return true;
  return false;
}

/** Condition *d: the word ends with two equal consonants. */
function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** Condition *o: consonant-vowel-consonant at the end, the last not w, x or y; or a two-letter vowel-consonant. */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n === 2) return !isConsonant(word, 0) && isConsonant(word, 1);
  if (n < 3) return false;
  const last = word[n - 1];
  return (
    isConsonant(word, n - 3) &&
    !isConsonant(word, n - 2) &&
    isConsonant(word, n - 1) &&
    last !== 'w' &&
    last !== 'x' &&
    last !== 'y'
  );
}

/** A suffix rule: when the word ends with `suffix`, the first such rule decides the result. */
type Rule = readonly [suffix: string, replacement: string, condition: (stem: string, word: string) => boolean];

const positiveMeasure = (stem: string): boolean => measure(stem) > 0;
const measureAboveOne = (stem: string): boolean => measure(stem) > 1;

/** Applies the first rule whose suffix matches; when its condition fails the word is left as it is. */
function applyFirstRule(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    return condition(stem, word) ? stem + replacement : word;
  }
  return word;
}

const always = (): boolean => true;

const STEP_1A: readonly Rule[] = [
  ['sses', 'ss', always],
  ['ies', 'i', always],
  ['ss', 'ss', always],
  ['s', '', always],
];

const STEP_2: readonly Rule[] = [
  ['ational', 'ate', positiveMeasure],
  ['tional', 'tion', positiveMeasure],
  ['enci', 'ence', positiveMeasure],
  ['anci', 'ance', positiveMeasure],
  ['izer', 'ize', positiveMeasure],
  ['bli', 'ble', positiveMeasure],
  ['alli', 'al', positiveMeasure],
  ['entli', 'ent', positiveMeasure],
  ['eli', 'e', positiveMeasure],
  ['ousli', 'ous', positiveMeasure],
  ['ization', 'ize', positiveMeasure],
  ['ation', 'ate', positiveMeasure],
  ['ator', 'ate', positiveMeasure],
  ['alism', 'al', positiveMeasure],
  ['iveness', 'ive', positiveMeasure],
  ['fulness', 'ful', positiveMeasure],
  ['ousness', 'ous', positiveMeasure],
  ['aliti', 'al', positiveMeasure],
  ['iviti', 'ive', positiveMeasure],
  ['biliti', 'ble', positiveMeasure],
  ['fulli', 'ful', positiveMeasure],
  ['logi', 'log', (_stem, word) => positiveMeasure(word.slice(0, -3))],
];

const STEP_3: readonly Rule[] = [
  ['icate', 'ic', positiveMeasure],
  ['ative', '', positiveMeasure],
  ['alize', 'al', positiveMeasure],
  ['iciti', 'ic', positiveMeasure],
  ['ical', 'ic', positiveMeasure],
  ['ful', '', positiveMeasure],
  ['ness', '', positiveMeasure],
];

const STEP_4: readonly Rule[] = [
  ...['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent'].map(
    (suffix): Rule => [suffix, '', measureAboveOne],
  ),
  ['ion', '', (stem) => measureAboveOne(stem) && (stem.endsWith('s') || stem.endsWith('t'))],
  ...['ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'].map((suffix): Rule => [suffix, '', measureAboveOne]),
];

function step1a(word: string): string {
  if (word.length === 4 && word.endsWith('ies')) return word.slice(0, -3) + 'ie';
  return applyFirstRule(word, STEP_1A);
}

/** After `-ed` / `-ing` is removed: restore an `e`, or undouble a final consonant. */
function tidyAfterEdIng(stem: string): string {
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return stem + 'e';
  if (endsDoubleConsonant(stem)) {
    const last = stem.charAt(stem.length - 1);
    return last === 'l' || last === 's' || last === 'z' ? stem : stem.slice(0, -1);
  }
  return measure(stem) === 1 && endsCvc(stem) ? stem + 'e' : stem;
}

function step1b(word: string): string {
  if (word.endsWith('ied')) return word.slice(0, -3) + (word.length === 4 ? 'ie' : 'i');
  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? stem + 'ee' : word;
  }
  for (const suffix of ['ed', 'ing']) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    if (containsVowel(stem)) return tidyAfterEdIng(stem);
  }
  return word;
}

function step1c(word: string): string {
  if (!word.endsWith('y')) return word;
  const stem = word.slice(0, -1);
  return stem.length > 1 && isConsonant(stem, stem.length - 1) ? stem + 'i' : word;
}

function step2(word: string): string {
  if (word.endsWith('alli') && positiveMeasure(word.slice(0, -4))) return step2(word.slice(0, -4) + 'al');
  return applyFirstRule(word, STEP_2);
}

function step5a(word: string): string {
  if (!word.endsWith('e')) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: string): string {
  return word.endsWith('ll') && measure(word.slice(0, -1)) > 1 ? word.slice(0, -1) : word;
}

const step3 = (word: string): string => applyFirstRule(word, STEP_3);
const step4 = (word: string): string => applyFirstRule(word, STEP_4);
const STEPS: readonly ((word: string) => string)[] = [step1a, step1b, step1c, step2, step3, step4, step5a, step5b];

function applySteps(word: string): string {
  return STEPS.reduce((stem, step) => step(stem), word);
}

function stemUncached(word: string): string {
  const irregular = IRREGULAR_FORMS.get(word);
  if (irregular !== undefined) return irregular;
  const lower = word.toLowerCase();
  if (codePointLength(word) <= 2) return lower;
  return withOneUnitPerCodePoint(lower, applySteps);
}

/** Stems of recently seen words; texts repeat words, and METEOR stems both sides on every call. */
const cache = new Map<string, string>();
const CACHE_LIMIT = 20_000;

/** NLTK `PorterStemmer().stem(word)` (NLTK_EXTENSIONS mode, lower-casing on). */
export function porterStem(word: string): string {
  let stem = cache.get(word);
  if (stem === undefined) {
    stem = stemUncached(word);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, stem);
  }
  return stem;
}
