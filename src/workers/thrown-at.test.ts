import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { thrownAt } from './thrown-at.js';

describe('thrownAt', () => {
  const file = join(process.cwd(), 'graders', 'check.mjs');

  it('finds the first frame in the module, by path or file URL, relative to the working folder', () => {
    const error = new Error('boom');
    error.stack = [
      'Error: boom',
      '    at helper (node:internal/util:1:1)',
      `    at check (${pathToFileURL(file).href}:3:11)`,
      `    at ${file}:9:2`,
    ].join('\n');
    expect(thrownAt(error, file)).toBe(`${join('graders', 'check.mjs')}:3:11`);
    const plain = new Error('boom');
    plain.stack = `Error: boom\n    at ${file}:9:2`;
    expect(thrownAt(plain, file)).toBe(`${join('graders', 'check.mjs')}:9:2`);
  });

  it('is null without a frame in the module, or without a stack', () => {
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at other (/elsewhere/lib.js:1:1)';
    expect(thrownAt(error, file)).toBeNull();
    expect(thrownAt('a string', file)).toBeNull();
  });
});
