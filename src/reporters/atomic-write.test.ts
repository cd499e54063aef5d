import { execFileSync, spawn } from 'node:child_process';
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic, writeStreamAtomic } from './atomic-write.js';

describe('writeFileAtomic', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-atomic-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates missing parent folders and leaves no temporary file', async () => {
    const path = join(dir, 'a', 'b', 'out.txt');
    await writeFileAtomic(path, 'hello');
    expect(await readFile(path, 'utf8')).toBe('hello');
    expect(await readdir(join(dir, 'a', 'b'))).toEqual(['out.txt']);
  });

  it('replaces an existing file as a whole', async () => {
    const path = join(dir, 'out.txt');
    await writeFile(path, 'old content that is longer');
    await writeFileAtomic(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
  });

  it('keeps the permissions of the file it replaces; a new file gets the umask default', async () => {
    const path = join(dir, 'report.json');
    await writeFile(path, 'old');
    await chmod(path, 0o640);
    await writeFileAtomic(path, 'new');
    expect((await stat(path)).mode & 0o777).toBe(0o640);
    const fresh = join(dir, 'fresh.json');
    await writeFileAtomic(fresh, 'new');
    expect((await stat(fresh)).mode & 0o777).toBe(0o666 & ~process.umask());
  });

  it('fails without leaving a temporary file when the target cannot be replaced', async () => {
    const path = join(dir, 'taken');
    await mkdir(path);
    await writeFile(join(path, 'inside'), 'x');
    await expect(writeFileAtomic(path, 'data')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['taken']);
  });

  it('writes text and UTF-8 bytes in the order given, small pieces gathered and pieces past a mebibyte whole', async () => {
    const path = join(dir, 'report.json');
    const big = 'é'.repeat(600_000); // 1.2 MB of UTF-8
    const bigBytes = Buffer.from('x'.repeat(1_500_000), 'utf8');
    const pieces: (string | Uint8Array)[] = ['{"a": ', Buffer.from('"✓ bytes"'), ', "b": "', big, '", "c": "'];
    pieces.push(bigBytes, '"}', Buffer.alloc(0));
    await writeStreamAtomic(path, async (write) => {
      for (const piece of pieces) await write(piece);
    });
    const expected = pieces
      .map((piece) => (typeof piece === 'string' ? piece : Buffer.from(piece).toString()))
      .join('');
    expect(await readFile(path, 'utf8')).toBe(expected);
    expect(await readdir(dir)).toEqual(['report.json']);
  });

  it('creates the file a dangling symbolic link names, through a chain of links, keeping the links', async () => {
    await mkdir(join(dir, 'sub'));
    await symlink('sub/new.txt', join(dir, 'first.txt'));
    await symlink(join(dir, 'first.txt'), join(dir, 'link.txt'));
    await writeFileAtomic(join(dir, 'link.txt'), 'made');
    expect(await readFile(join(dir, 'sub', 'new.txt'), 'utf8')).toBe('made');
    expect((await lstat(join(dir, 'link.txt'))).isSymbolicLink()).toBe(true);
    expect((await lstat(join(dir, 'first.txt'))).isSymbolicLink()).toBe(true);
  });

  it('refuses a symbolic link that loops, writing nothing', async () => {
    await symlink(join(dir, 'b.txt'), join(dir, 'a.txt'));
    await symlink(join(dir, 'a.txt'), join(dir, 'b.txt'));
    await expect(writeFileAtomic(join(dir, 'a.txt'), 'x')).rejects.toMatchObject({ code: 'ELOOP' });
    expect((await readdir(dir)).sort()).toEqual(['a.txt', 'b.txt']);
  });

  it('writes through a symbolic link to a file, keeping the link', async () => {
    await writeFile(join(dir, 'real.txt'), 'old');
    await symlink(join(dir, 'real.txt'), join(dir, 'link.txt'));
    await writeFileAtomic(join(dir, 'link.txt'), 'new');
    expect((await lstat(join(dir, 'link.txt'))).isSymbolicLink()).toBe(true);
    expect(await readFile(join(dir, 'real.txt'), 'utf8')).toBe('new');
    expect((await readdir(dir)).sort()).toEqual(['link.txt', 'real.txt']);
  });

  it('writes to a device as it is, never renaming a file over its name', async () => {
    // A link to /dev/null stands for the device: a rename would replace the link (and not the device itself).
    await symlink('/dev/null', join(dir, 'null'));
    await writeFileAtomic(join(dir, 'null'), 'discarded');
    expect(await readlink(join(dir, 'null'))).toBe('/dev/null');
    expect(await readdir(dir)).toEqual(['null']);
  });

  it('writes to a named pipe its reader reads, and refuses one nobody reads at once', async () => {
    const pipe = join(dir, 'pipe');
    execFileSync('mkfifo', [pipe]);
    const reader = spawn('cat', [pipe]);
    let read = '';
    reader.stdout.on('data', (chunk: Buffer) => {
      read += chunk.toString();
    });
    const ended = new Promise((done) => reader.on('close', done));
    // `cat` opens the pipe once it has started: until then there is no reader, and nothing is written.
    for (let tries = 0; ; tries++) {
      const written = await writeStreamAtomic(pipe, async (write) => {
        await write('first ');
        await write(['second', Buffer.from(' third')]);
      }).then(
        () => true,
        (error: unknown) => {
          if ((error as { code?: unknown }).code !== 'ENXIO' || tries > 200) throw error;
          return false;
        },
      );
      if (written) break;
      await new Promise((done) => setTimeout(done, 50));
    }
    await ended;
    expect(read).toBe('first second third');
    expect((await lstat(pipe)).isFIFO()).toBe(true);
    const started = Date.now();
    await expect(writeFileAtomic(pipe, 'nobody')).rejects.toThrow(`no process reads the named pipe ${pipe}`);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
