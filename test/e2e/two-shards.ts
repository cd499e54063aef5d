/** A two-case suite of a module agent answering "ok", run as shards 1/2 and 2/2 into `s/`: the records to merge. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { writeProject } from './e2e-project.js';

export interface TwoShards {
  readonly dir: string;
  /** The shards' records, absolute paths, in the order they ran. */
  readonly records: readonly string[];
}

export async function runTwoShards(name: string): Promise<TwoShards> {
  const dir = await writeProject({
    'agent.mjs': 'export function create() { return { async send() { return "ok"; } }; }\n',
    'agent.yaml': `name: ${name}
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
  const folder = join(dir, 's', name);
  const names = (await readdir(folder)).filter((file) => file.endsWith('.json')).sort();
  return { dir, records: names.map((file) => join(folder, file)) };
}
