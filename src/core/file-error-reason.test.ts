import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fileErrorReason } from './file-error-reason.js';

async function thrownBy(action: () => Promise<unknown>): Promise<unknown> {
  try {
    await action();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('fileErrorReason', () => {
  it('gives a system error without the call and the path Node appends', async () => {
    if (process.platform === 'linux') {
      expect(fileErrorReason(await thrownBy(() => writeFile('/dev/full', 'x')))).toBe(
        'ENOSPC: no space left on device',
      );
    }
    const missing = await thrownBy(() => writeFile('/nonexistent-holodeck-folder/x', 'x'));
    expect(fileErrorReason(missing)).toBe('ENOENT: no such file or directory');
  });

  it('gives any other error its message, and a thrown value as text', () => {
    expect(fileErrorReason(new Error('disk quota, write'))).toBe('disk quota, write');
    expect(fileErrorReason('boom')).toBe('boom');
  });
});
