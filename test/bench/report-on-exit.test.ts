import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const hook = (name: string) => fileURLToPath(new URL(`../../bench/lib/${name}`, import.meta.url));
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `code` in a fresh node with `hookFile` preloaded and `variable` naming the report file. */
function runWithHook(hookFile: string, variable: string | null, code: string) {
  dir = mkdtempSync(join(tmpdir(), 'holodeck-exit-hook-'));
  const target = join(dir, 'usage.json');
  const env = { ...process.env, ...(variable === null ? {} : { [variable]: target }) };
  const run = spawnSync(process.execPath, ['--import', hook(hookFile), '-e', code], { env, encoding: 'utf8' });
  return { status: run.status, target };
}

describe('the benchmarks’ exit hooks', () => {
  it('report-max-rss writes peak RSS and CPU time even when the process calls process.exit', () => {
    const { status, target } = runWithHook(
      'report-max-rss.mjs',
      'HOLODECK_BENCH_RSS_FILE',
      'const a = Buffer.alloc(8e6, 1); process.exit(3)',
    );
    expect(status).toBe(3);
    const usage = JSON.parse(readFileSync(target, 'utf8')) as Record<string, number>;
    expect(Object.keys(usage).sort()).toEqual(['cpu_us', 'max_rss_kib']);
    expect(usage['max_rss_kib']).toBeGreaterThan(8_000);
    expect(usage['cpu_us']).toBeGreaterThan(0);
  });

  it('report-thread-cpu writes the main thread’s and the process’s CPU time', () => {
    const { status, target } = runWithHook(
      'report-thread-cpu.mjs',
      'HOLODECK_BENCH_CPU_FILE',
      'const end = Date.now() + 150; while (Date.now() < end);',
    );
    expect(status).toBe(0);
    const usage = JSON.parse(readFileSync(target, 'utf8')) as Record<string, number | null>;
    expect(usage['process_us']).toBeGreaterThanOrEqual(100_000);
    if (process.platform === 'linux') {
      expect(usage['main_us']).toBeGreaterThanOrEqual(100_000);
      expect(usage['main_us']).toBeLessThanOrEqual((usage['process_us'] ?? 0) + 20_000);
    }
  });

  it('writes nothing when its variable is not set', () => {
    const { status, target } = runWithHook('report-max-rss.mjs', null, '1');
    expect(status).toBe(0);
    expect(existsSync(target)).toBe(false);
  });
});
