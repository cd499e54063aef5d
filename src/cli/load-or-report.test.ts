import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOrReport } from './load-or-report.js';

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
});
