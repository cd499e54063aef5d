/** merge-reports over shards that ran different holodeck versions merges them, and says so. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

describe('merge-reports and holodeck versions', () => {
  it('warns when the shards ran different versions', async () => {
    const dir = await writeProject({
      'agent.mjs': 'export function create() { return { async send() { return "ok"; } }; }\n',
      'agent.yaml': `name: versions
backend: { module: "agent.mjs:create" }
test_cases:
  - { name: a, input: a, ground_truth: ok }
  - { name: b, input: b, ground_truth: ok }
`,
    });
    for (const shard of ['1/2', '2/2']) {
      const run = await runCli(['test', 'agent.yaml', '--shard', shard, '--results-dir', 's', '-q'], { cwd: dir });
      expect(run.code, run.stderr).toBe(0);
    }
    const folder = join(dir, 's', 'versions');
    const [second = ''] = (await readdir(folder))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .slice(1);
    const text = await readFile(join(folder, second), 'utf8');
    await writeFile(join(folder, second), text.replace(/("holodeck_version":\s*")[^"]*"/g, '$19.9.9"'));
    const merged = await runCli(['merge-reports', 's', '--results-dir', 'm1', '-q'], { cwd: dir });
    expect(merged.stderr).toMatch(
      /warning: the shards ran different holodeck versions \([\d.]+, 9\.9\.9\): the merged run says [\d.]+/,
    );
    expect(merged.code, merged.stderr).toBe(0);
  });
});
