import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from './find-chromium.js';

let dir: string;
let browser: string;
let notExecutable: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'find-chromium-'));
  browser = join(dir, 'chromium');
  notExecutable = join(dir, 'chrome');
  await writeFile(browser, '#!/bin/sh\n');
  await chmod(browser, 0o755);
  await writeFile(notExecutable, '');
  await chmod(notExecutable, 0o644);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first', () => {
    expect(findChromium({ CHROMIUM_PATH: browser }, [])).toBe(browser);
  });

  it('fails on a CHROMIUM_PATH that is not executable, saying how to install a browser', () => {
    expect(() => findChromium({ CHROMIUM_PATH: notExecutable }, [browser])).toThrow(
      /CHROMIUM_PATH=.*not an executable.*apt-get install chromium/,
    );
  });

  it('takes the first executable candidate', () => {
    expect(findChromium({}, [join(dir, 'missing'), notExecutable, browser])).toBe(browser);
  });

  it('fails naming the places it looked and the install command when none is found', () => {
    const missing = join(dir, 'missing');
    expect(() => findChromium({}, [missing, notExecutable])).toThrow(
      new RegExp(`no browser found \\(looked at ${missing}, ${notExecutable}\\).*apt-get install chromium`),
    );
  });
});
