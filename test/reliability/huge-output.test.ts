/**
 * Huge agent outputs and tool results: every report (console, JSON, Markdown, JUnit, run record) is written,
 * with the over-long texts cut and a note saying how long they were.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { readRunRecord } from '../../src/records/run-record.js';
import { writeProject } from '../e2e/e2e-project.js';
import { runCli } from '../helpers/run-cli.js';

const AGENT = fileURLToPath(new URL('./fixtures/huge-agent.ts', import.meta.url));

const yaml = `name: huge
model: { provider: ollama, name: unused }
backend: { module: "${AGENT}:createHugeAgent" }
instructions: { inline: "say a lot" }
tools:
  - name: dump
    type: function
    file: ${AGENT}
    function: dump
    parameters: { type: object, properties: { rows: { type: number } } }
test_cases:
  - name: enormous
    turns:
      - { input: "first", ground_truth: "short" }
      - { input: "second" }
`;

describe('huge agent output', () => {
  it('is cut with a note in every report, and no reporter fails', { timeout: 120_000 }, async () => {
    const dir = await writeProject({ 'agent.yaml': yaml });
    const outputs = ['r.json', 'r.md', 'r.xml'].map((name) => join(dir, name));
    const run = await runCli([
      'test',
      dir,
      '-v',
      '--max-text-length',
      '20000',
      ...outputs.flatMap((o) => ['--output', o]),
    ]);
    expect(run.stderr).not.toMatch(/reporter error|RangeError|heap/i);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/BEGIN y+… \[truncated: 12,000,000 characters in total\]/);

    const [json, markdown, junit] = await Promise.all(outputs.map((o) => readFile(o, 'utf8')));
    const report = JSON.parse(json!) as RunReport;
    const turn = report.results[0]!.turns![0]!;
    expect(turn.response).toMatch(/^BEGIN y+… \[truncated: 12,000,000 characters in total\]$/);
    // The rows stay rows, the first ones whole, the rest counted in a note.
    const rows = turn.tool_invocations[0]!.result as unknown[];
    expect(rows[0]).toMatchObject({ row: 0 });
    expect(rows.at(-1)).toMatch(/^… \d+ more items \(the value is longer than --max-text-length\)$/);
    expect(markdown).toContain('[truncated: 12,000,000 characters in total]');
    expect(junit).toContain('[truncated: 12,000,000 characters in total]');
    for (const output of outputs) expect((await stat(output)).size).toBeLessThan(500_000);

    const folder = join(dir, 'results', 'huge');
    const [record] = await readdir(folder);
    const saved = await readRunRecord(join(folder, record as string));
    expect(saved.report.results[0]!.agent_response).toMatch(/^AGAIN y+… \[truncated: 12,000,000 characters/);
    expect((await stat(join(folder, record as string))).size).toBeLessThan(500_000);
  });
});
