/** merge-reports over shards that ran different holodeck versions merges them, and says so. */
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { runTwoShards } from './two-shards.js';

describe('merge-reports and holodeck versions', () => {
  it('warns when the shards ran different versions', async () => {
    const { dir, records } = await runTwoShards('versions');
    const second = records[1] ?? '';
    const text = await readFile(second, 'utf8');
    await writeFile(second, text.replace(/("holodeck_version":\s*")[^"]*"/g, '$19.9.9"'));
    const merged = await runCli(['merge-reports', 's', '--results-dir', 'm1', '-q'], { cwd: dir });
    expect(merged.stderr).toMatch(
      /warning: the shards ran different holodeck versions \([\d.]+, 9\.9\.9\): the merged run says [\d.]+/,
    );
    expect(merged.code, merged.stderr).toBe(0);
  });
});
