import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summariseError } from './load-module.js';

describe('summariseError', () => {
  it('names the file and line of a CommonJS syntax error, which may be in a module the import required', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-syntax-'));
    await writeFile(join(dir, 'helper.cjs'), 'module.exports = {};\nconst a = ;\n');
    await writeFile(join(dir, 'agent.cjs'), "require('./helper.cjs');\nexports.create = () => ({});\n");
    const error = await import(join(dir, 'agent.cjs')).then(
      () => null,
      (e: unknown) => e,
    );
    expect(summariseError(error)).toBe(`SyntaxError: Unexpected token ';' (at ${join(dir, 'helper.cjs')}:2)`);
  });

  it('says nothing more of other errors', () => {
    expect(summariseError(new TypeError('x is not a function'))).toBe('TypeError: x is not a function');
  });
});
