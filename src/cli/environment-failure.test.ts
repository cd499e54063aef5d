import { describe, expect, it } from 'vitest';
import { environmentFailure, openFileLimit } from './environment-failure.js';

const systemError = (code: string, syscall: string, path?: string) =>
  Object.assign(new Error(`${code}: ${syscall}`), { code, syscall, ...(path === undefined ? {} : { path }) });

describe('environmentFailure', () => {
  it('names a deleted current folder, exit 2', () => {
    expect(environmentFailure(systemError('ENOENT', 'uv_cwd'))).toEqual({
      message:
        'the current folder no longer exists (it was deleted after the shell entered it): cd to a folder that exists and run again',
      exitCode: 2,
    });
  });

  it('names the limit on open files and the file it stopped at, exit 3', () => {
    const failure = environmentFailure(systemError('EMFILE', 'open', '/app/dist/cli/chunk-A.mjs'));
    expect(failure?.exitCode).toBe(3);
    expect(failure?.message).toBe(
      `too many open files (ulimit -n is ${openFileLimit()}) while opening /app/dist/cli/chunk-A.mjs: raise the limit (ulimit -n 4096) and run again`,
    );
    expect(environmentFailure(systemError('ENFILE', 'socket'))?.exitCode).toBe(3);
  });

  it('leaves any other error to its caller', () => {
    expect(environmentFailure(systemError('ENOENT', 'open', '/missing'))).toBeNull();
    expect(environmentFailure(new Error('boom'))).toBeNull();
    expect(environmentFailure('EMFILE')).toBeNull();
  });
});

describe('openFileLimit', () => {
  it('reads the soft limit of this process', () => {
    if (process.platform === 'win32') return;
    expect(openFileLimit()).toBeGreaterThan(0);
  });
});
