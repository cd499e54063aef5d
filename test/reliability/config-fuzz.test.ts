/**
 * Bad input at the command line: randomly mutated configurations given to the built CLI always get an
 * answer — exit 0 for a valid one, exit 2 with every problem located (file:line:col) otherwise — never a
 * crash or a stack trace. (The loader itself is fuzzed with thousands of inputs in
 * src/config/load-config-robustness.test.ts; this checks the same promise end to end, on fewer samples.)
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeProject } from '../e2e/e2e-project.js';
import { runCli } from '../helpers/run-cli.js';

const VALID = `name: fuzz
model: { provider: ollama, name: m, temperature: 0 }
instructions: { inline: "answer" }
evaluations:
  metrics:
    - { type: standard, metric: numeric, absolute_tolerance: 0.01 }
test_cases:
  - name: JKHY-2009
    turns:
      - input: "what is the net cash in 2009?"
        ground_truth: "206588"
        expected_tools:
          - { name: subtract, count: 1, args: { a: 206588, b: { fuzzy: "181,001" }, c: { regex: "^2009.*$" } } }
      - input: "and in 2008?"
  - { name: single, input: "hi", ground_truth: "42" }
`;

const edit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  cut: fc.integer({ min: 0, max: 30 }),
  text: fc.oneof(
    fc.constantFrom(':', '- ', '{', ']', '"', '\t', '\n  ', '&a', '*a', '${X', '(a+)+$', '😀', '\u0000', 'null', '-1'),
    fc.string({ maxLength: 8 }),
  ),
});

describe('holodeck validate on mutated configurations', () => {
  it('answers exit 0, or exit 2 with located problems, never a crash', { timeout: 180_000 }, async () => {
    const dir = await writeProject({ 'agent.yaml': VALID });
    const valid = await runCli(['validate', dir]);
    expect(valid.code, valid.stderr).toBe(0);
    let rejected = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
        const text = edits.reduce((doc, e) => {
          const at = Math.floor(e.at * doc.length);
          return doc.slice(0, at) + e.text + doc.slice(at + e.cut);
        }, VALID);
        await writeFile(join(dir, 'agent.yaml'), text);
        const run = await runCli(['validate', dir]);
        expect([0, 2], run.stderr).toContain(run.code);
        expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n|Unhandled|TypeError|RangeError/);
        if (run.code === 2) {
          rejected += 1;
          expect(run.stderr).toMatch(/^\d+ configuration errors?:/);
          expect(run.stderr).toMatch(/agent\.yaml:\d+:\d+/);
        }
      }),
      { numRuns: 25, seed: 20261202 },
    );
    expect(rejected).toBeGreaterThan(5);
  });
});
