import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CASE_WORKER_YOUNG_MB, COORDINATOR_YOUNG_MB, nurseriesAreOurs, workersAsked } from './hold-nurseries.js';

interface Probe {
  readonly start: number;
  readonly loading: number;
  readonly worker: number;
  readonly running: number;
}

const PROBE = fileURLToPath(new URL('../../../test/support/cli/nursery-probe.ts', import.meta.url));

async function probe(mode: 'hold' | 'free'): Promise<Probe> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', PROBE, mode]);
  return JSON.parse(stdout) as Probe;
}

describe('young generations under --workers', () => {
  it('the main thread’s stays small while loading, then grows to its cap and no further; workers start at their cap', async () => {
    const [held, free] = await Promise.all([probe('hold'), probe('free')]);
    // Without holding, V8 grows it to its maximum: the probe is busy enough to show the difference.
    expect(free.running).toBe(32);
    expect(held.loading).toBe(held.start);
    expect(free.loading).toBeGreaterThan(free.start);
    expect(held.running).toBeLessThanOrEqual(COORDINATOR_YOUNG_MB);
    expect(held.worker).toBe(CASE_WORKER_YOUNG_MB);
    expect(free.worker).toBeLessThan(CASE_WORKER_YOUNG_MB);
  }, 60_000);

  it('reads --workers from the command line (the last one given) or else HOLODECK_WORKERS', () => {
    expect(workersAsked(['test', 'agent.yaml', '--workers', '2'], {})).toBe(true);
    expect(workersAsked(['test', '--workers=4'], {})).toBe(true);
    expect(workersAsked(['test'], { HOLODECK_WORKERS: '2' })).toBe(true);
    expect(workersAsked(['test', '--workers', '1'], { HOLODECK_WORKERS: '2' })).toBe(false);
    expect(workersAsked(['test', '--workers', '2', '--workers', '1'], {})).toBe(false);
    expect(workersAsked(['test'], {})).toBe(false);
    expect(workersAsked(['test', '--workers', 'many'], {})).toBe(false);
    expect(workersAsked(['test', '--workers'], {})).toBe(false);
    // Other commands run no case: their main thread keeps V8's young generation, HOLODECK_WORKERS or not.
    expect(workersAsked(['validate', 'agent.yaml'], { HOLODECK_WORKERS: '4' })).toBe(false);
    expect(workersAsked(['test', 'view'], { HOLODECK_WORKERS: '4' })).toBe(false);
    expect(workersAsked(['merge-reports', 'results/', '--workers', '2'], {})).toBe(false);
  });

  it('leaves the young generation to users who size it themselves', () => {
    expect(nurseriesAreOurs(['--enable-source-maps'], '--max-old-space-size=4096')).toBe(true);
    expect(nurseriesAreOurs(['--max-semi-space-size=64'], undefined)).toBe(false);
    expect(nurseriesAreOurs([], '--enable-source-maps --semi-space-growth-factor=4')).toBe(false);
  });
});
