import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotRegularFileError, readRegularText } from './read-regular-text.js';
import { readSource } from './read-source.js';

async function fifo(): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'holodeck-fifo-')), 'pipe');
  execFileSync('mkfifo', [path]);
  return path;
}

describe('readRegularText', () => {
  it('reads a regular file', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'holodeck-text-')), 'a.md');
    await writeFile(path, 'You answer with numbers.');
    expect(await readRegularText(path)).toBe('You answer with numbers.');
  });

  it('refuses a FIFO, a device and a folder at once, without reading them', async () => {
    const error = await readRegularText(await fifo()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotRegularFileError);
    expect((error as Error).message).toBe(
      'it is a named pipe (FIFO), not a regular file (configuration is read from regular files only)',
    );
    await expect(readRegularText('/dev/zero')).rejects.toThrow('it is a device, not a regular file');
    await expect(readRegularText(tmpdir())).rejects.toThrow('it is a folder, not a regular file');
  });
});

describe('readSource', () => {
  it('refuses a FIFO or an endless device as a configuration or test cases file', async () => {
    const pipe = await fifo();
    expect(await readSource(pipe)).toEqual({
      ok: false,
      missing: true,
      error: 'it is a named pipe (FIFO), not a regular file (configuration is read from regular files only)',
    });
    const zero = await readSource('/dev/zero', { kind: 'test cases', maxBytes: 1024, wholeYamlBytes: 1024 });
    expect(zero).toMatchObject({ ok: false, error: expect.stringContaining('it is a device, not a regular file') });
  });
});
