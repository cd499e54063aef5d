import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load-config.js';
import type { TestCaseConfig } from '../../core/config-types.js';
import { shareEqualParts } from './share-equal-parts.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const TURNS = `    turns:
      - { input: "first", ground_truth: "1", expected_tools: [lookup] }
      - { input: "second", ground_truth: "2", expected_tools: [lookup, subtract] }
      - { input: "third", ground_truth: "3" }`;

/** Test cases as the loader builds them. */
async function loadCases(cases: string): Promise<TestCaseConfig[]> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-share-'));
  dirs.push(dir);
  await writeFile(
    join(dir, 'agent.yaml'),
    `name: share\nmodel: { provider: openai, name: gpt-4o-mini }\ninstructions: { inline: "Answer." }\ntest_cases:\n${cases}\n`,
  );
  const loaded = await loadConfig(join(dir, 'agent.yaml'), { env: { OPENAI_API_KEY: 'sk-test' } });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return [...loaded.value.test_cases];
}

describe('shareEqualParts', () => {
  it('shares equal empty turn_config and expected tools between cases, at the same turn', async () => {
    const cases = await loadCases(['a', 'b', 'c'].map((name) => `  - name: ${name}\n${TURNS}`).join('\n'));
    const before = structuredClone(cases);
    expect(cases[1]?.turns[0]?.turn_config).not.toBe(cases[0]?.turns[0]?.turn_config);
    shareEqualParts(cases);
    const [a, b, c] = cases;
    for (const other of [b, c]) {
      expect(other?.turns[0]?.turn_config).toBe(a?.turns[0]?.turn_config);
      expect(other?.turns[0]?.expected_tools).toBe(a?.turns[0]?.expected_tools);
      expect(other?.turns[1]?.expected_tools).toBe(a?.turns[1]?.expected_tools);
      expect(other?.turns[2]?.turn_config).toBe(a?.turns[2]?.turn_config);
    }
    // The same content as before, every case.
    expect(cases).toEqual(before);
  });

  it('never shares an object within one case: a case sent to a worker arrives with distinct objects', async () => {
    const cases = await loadCases(['a', 'b'].map((name) => `  - name: ${name}\n${TURNS}`).join('\n'));
    shareEqualParts(cases);
    for (const testCase of cases) {
      const [first, second, third] = testCase.turns;
      expect(new Set([first?.turn_config, second?.turn_config, third?.turn_config]).size).toBe(3);
      expect(first?.expected_tools).not.toBe(second?.expected_tools);
      // What a worker gets: a structured clone, which keeps identity inside a message only.
      const sent = structuredClone(testCase);
      (sent.turns[0]?.turn_config as Record<string, unknown>)['seen'] = true;
      expect(sent.turns[1]?.turn_config).toEqual({});
      expect(sent.turns[2]?.turn_config).toEqual({});
    }
    // One clone changed nothing of the other case, nor of the main thread's copies.
    expect(cases[1]?.turns[0]?.turn_config).toEqual({});
  });

  it('leaves expectations with argument matchers, a turn_config with keys and frozen turns as they are', async () => {
    const withArgs = `    turns:
      - input: "first"
        expected_tools: [{ name: lookup, args: { row: { fuzzy: "net cash" } } }]
        turn_config: { year: 2009 }`;
    const cases = await loadCases(['a', 'b'].map((name) => `  - name: ${name}\n${withArgs}`).join('\n'));
    shareEqualParts(cases);
    expect(cases[1]?.turns[0]?.expected_tools).not.toBe(cases[0]?.turns[0]?.expected_tools);
    expect(cases[1]?.turns[0]?.turn_config).not.toBe(cases[0]?.turns[0]?.turn_config);
    expect(cases[1]?.turns[0]?.turn_config).toEqual({ year: 2009 });

    const plain = await loadCases(['a', 'b'].map((name) => `  - name: ${name}\n${TURNS}`).join('\n'));
    const frozen = plain.map((testCase) => ({
      ...testCase,
      turns: testCase.turns.map((turn) => Object.freeze({ ...turn })),
    }));
    shareEqualParts(frozen);
    expect(frozen[1]?.turns[0]?.turn_config).not.toBe(frozen[0]?.turns[0]?.turn_config);
  });
});
