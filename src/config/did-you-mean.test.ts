import { describe, expect, it } from 'vitest';
import { closestMatch, didYouMean, editDistance } from './did-you-mean.js';

describe('did you mean', () => {
  it('measures edits, counting a transposition as one', () => {
    expect(editDistance('ground_truth', 'ground_truth')).toBe(0);
    expect(editDistance('groundtruth', 'ground_truth')).toBe(1);
    expect(editDistance('inptu', 'input')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests the closest allowed key within a distance that grows with length', () => {
    const keys = ['name', 'input', 'ground_truth', 'expected_tools', 'turns'];
    expect(closestMatch('groundtruth', keys)).toBe('ground_truth');
    expect(closestMatch('Ground-Truth', keys)).toBe('ground_truth');
    expect(closestMatch('expected_tool', keys)).toBe('expected_tools');
    expect(closestMatch('turn', keys)).toBe('turns');
    expect(closestMatch('completely_else', keys)).toBeNull();
    expect(didYouMean('nmae', keys)).toBe('did you mean `name`?');
    expect(didYouMean('xyz', keys)).toBeNull();
  });

  it('else suggests the one key that holds the word as whole parts', () => {
    const execution = ['llm_timeout', 'parallel_test_cases', 'max_retries', 'max_steps', 'results_dir', 'repeat'];
    expect(closestMatch('timeout', execution)).toBe('llm_timeout');
    expect(closestMatch('retries', execution)).toBe('max_retries');
    expect(closestMatch('parallel', execution)).toBe('parallel_test_cases');
    expect(closestMatch('test_cases', execution)).toBe('parallel_test_cases');
    // Held by two keys, by none as whole parts, or too short to say: no guess.
    expect(closestMatch('max', execution)).toBeNull();
    expect(closestMatch('time', execution)).toBeNull();
    expect(closestMatch('dr', ['results_dr', 'dr_x'])).toBeNull();
  });
});
