import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOrReport } from './load-or-report.js';
import { stallGuard } from './stall-guard.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function captureStderr(): string[] {
  const written: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  return written;
}

describe('loadOrReport', () => {
  it('answers a loader that throws as one configuration error naming the file and the reason', async () => {
    const written = captureStderr();
    const config = await loadOrReport('agents/agent.yaml', async () => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    expect(config).toBeNull();
    expect(written.join('')).toBe(
      '1 configuration error:\n\nagents/agent.yaml  the configuration could not be loaded ' +
        '(RangeError: Maximum call stack size exceeded)\n\n',
    );
  });

  it('prints every issue the loader reports', async () => {
    const written = captureStderr();
    const config = await loadOrReport('missing-folder-for-this-test');
    expect(config).toBeNull();
    expect(written[0]).toBe('1 configuration error:\n\n');
    expect(written[1]).toMatch(/missing-folder-for-this-test/);
  });

  it('starts the stall guard only once a user module is imported in this thread: a plain configuration starts none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-guard-'));
    try {
      const cases = 'test_cases:\n  - name: a\n    input: q?\n    ground_truth: "42"\n';
      await writeFile(join(dir, 'plain.yaml'), `name: plain\nmodel: { provider: openai, name: gpt-4o-mini }\n${cases}`);
      await writeFile(join(dir, 'agent.mjs'), 'export function create() { return { send: async () => "42" }; }\n');
      await writeFile(join(dir, 'module.yaml'), `name: module\nbackend: { module: "./agent.mjs:create" }\n${cases}`);
      expect(await loadOrReport(join(dir, 'plain.yaml'))).not.toBeNull();
      expect(stallGuard()).toBeNull();
      expect(await loadOrReport(join(dir, 'module.yaml'))).not.toBeNull();
      expect(stallGuard()).not.toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
