/**
 * A refused agent-level metric list hides no ground-truth error of a test case judged by metrics of its own: its
 * metrics were accepted, so its ground truths are checked in the same run.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOrReport } from './load-or-report.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const AGENT = `name: t
model: { provider: ollama, name: llama3.1 }
instructions: { inline: answer }
evaluations:
  metrics:
    - { type: standard, metric: numeric, absolute_tolerance: -0.01 }
test_cases:
  - name: agent-metrics
    input: q
    ground_truth: "14%"
  - name: grouped
    input: q
    ground_truth: "1,234"
    evaluations: [{ type: standard, metric: numeric }]
  - name: percent
    input: q
    ground_truth: "14%"
    evaluations: [{ type: standard, metric: numeric }]
  - name: huge
    turns:
      - { input: q, ground_truth: "1e400", evaluations: [{ type: standard, metric: numeric }] }
`;

describe('a refused agent-level metric list', () => {
  it('still has the ground truths of the cases with metrics of their own checked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-refused-metrics-'));
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await writeFile(join(dir, 'agent.yaml'), AGENT);
      const config = await loadOrReport(join(dir, 'agent.yaml'), undefined, undefined, [], true, {});
      expect(config).toBeNull();
      const report = written.join('');
      expect(report).toMatch(/^4 configuration errors:/);
      expect(report).toContain('absolute_tolerance');
      expect(report).toContain('test_cases[1] "grouped" › ground_truth');
      expect(report).toContain('test_cases[2] "percent" › ground_truth');
      expect(report).toContain('"1e400" is out of range');
      // The case judged by the refused list is not guessed at.
      expect(report).not.toContain('"agent-metrics"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
