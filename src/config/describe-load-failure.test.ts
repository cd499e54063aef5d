import { describe, expect, it } from 'vitest';
import { loadFailureHint } from './describe-load-failure.js';

const failed = (message: string) => ({
  ok: false as const,
  reason: 'import_failed' as const,
  message,
  available_exports: [],
});

describe('loadFailureHint', () => {
  it('says which package to install when the module imports one that is not installed', () => {
    expect(loadFailureHint(failed("importing /p/tools/calc.ts threw: Cannot find module 'holodeck'"), 'calc')).toBe(
      'the module imports the package "holodeck", which is not installed beside the config: install the holodeck you run there (npm install --save-dev with its folder or .tgz, as holodeck init prints it)',
    );
    expect(
      loadFailureHint(failed("threw: Cannot find package '@acme/tools/sub' imported from /p/t.mjs"), null),
    ).toContain('(npm install @acme/tools)');
  });

  it('asks to fix the module when what it cannot find is a file, or something else failed', () => {
    const fix = 'fix the error in the module (it is imported when the configuration loads)';
    expect(loadFailureHint(failed("threw: Cannot find module '/p/gone.mjs' imported from /p/t.mjs"), null)).toBe(fix);
    expect(loadFailureHint(failed("threw: Cannot find module './gone'"), null)).toBe(fix);
    expect(loadFailureHint(failed('threw: TypeError: x is not a function'), null)).toBe(fix);
  });
});
