import { truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTree } from '../../test/support/config/fixtures/config-tree.js';
import { formatConfigIssue } from './format-config-issue.js';
import { loadConfig } from './load-config.js';

const AGENT = `name: sizes
model: { provider: ollama, name: llama3.2 }
instructions: { inline: "Answer." }
test_cases_file: cases.yaml
`;
const CASES = Array.from({ length: 20 }, (_, i) => `- name: case-${i}\n  input: "question ${i}"\n`).join('');
const MB = 1024 * 1024;

async function load(files: Readonly<Record<string, string>>, options: { mb?: number; env?: Record<string, string> }) {
  const dir = await writeTree(files);
  const result = await loadConfig(dir, { env: options.env ?? {}, max_file_size_mb: options.mb });
  const lines = result.ok ? [] : result.issues.map((issue) => formatConfigIssue(issue, dir));
  return { dir, result, lines };
}

describe('file size limits', () => {
  it('loads files below the limits', async () => {
    const { result } = await load({ 'agent.yaml': AGENT, 'cases.yaml': CASES }, {});
    expect(result.ok && result.value.test_cases.length).toBe(20);
  });

  it('refuses a configuration file above --max-file-size, naming its size and the option', async () => {
    const { result, lines } = await load({ 'agent.yaml': AGENT, 'cases.yaml': CASES }, { mb: 0.0001 });
    expect(result.ok).toBe(false);
    expect(lines).toEqual([
      expect.stringMatching(
        /^agent\.yaml:1:1\n {2}\/.*\/agent\.yaml is \d+ bytes, above the 104 bytes limit for a configuration file — raise the limit with --max-file-size 1 \(or HOLODECK_MAX_FILE_SIZE=1\)$/,
      ),
    ]);
    expect(!result.ok && result.issues[0]?.code).toBe('FILE_TOO_LARGE');
  });

  it('refuses a test cases file above the limit at its key in agent.yaml; HOLODECK_MAX_FILE_SIZE sets it', async () => {
    const { result, lines } = await load(
      { 'agent.yaml': AGENT, 'cases.yaml': CASES.repeat(10) },
      { env: { HOLODECK_MAX_FILE_SIZE: '0.001' } },
    );
    expect(result.ok).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^agent\.yaml:4:18 {2}test_cases_file\n {2}\/.*\/cases\.yaml is \d+\.\d KB, above the 1\.0 KB/,
    );
    expect(lines[0]).toContain('limit for a test cases file — raise the limit with --max-file-size 1');
  });

  it('refuses a turn file, an instructions file or a schema file above the test cases limit, located, before any read', async () => {
    const big = 'x'.repeat(3000);
    const agent = `name: sizes
model: { provider: ollama, name: llama3.2 }
instructions: { file: prompt.md }
test_cases:
  - name: a
    input: q
    files: [{ path: table.csv }]
    evaluations: [{ type: standard, metric: json_schema, schema_file: schema.json }]
`;
    const files = {
      'agent.yaml': agent,
      'prompt.md': big,
      'table.csv': big,
      'schema.json': `{"description": "${big}"}`,
    };
    // 2.5 KB: agent.yaml fits, each named file (about 3 KB) does not.
    const { result, lines } = await load(files, { mb: 2.5 / 1024 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues.map((issue) => issue.code)).toEqual([
      'FILE_TOO_LARGE',
      'FILE_TOO_LARGE',
      'FILE_TOO_LARGE',
    ]);
    const limit =
      'above the 2.5 KB limit for a file the configuration names (raise it with --max-file-size 1, or HOLODECK_MAX_FILE_SIZE=1)';
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^agent\.yaml:7:21 {2}test_cases\[0\] "a" › files\[0\]\.path\n {2}cannot send \/.*\/table\.csv with the turn: it is 2\.9 KB, /,
        ),
      ]),
    );
    expect(lines.every((line) => line.endsWith(limit))).toBe(true);
    expect(lines.some((line) => /cannot read instructions file .*prompt\.md: it is 2\.9 KB/.test(line))).toBe(true);
    expect(lines.some((line) => /cannot read the JSON Schema file .*schema\.json: it is 2\.9 KB/.test(line))).toBe(
      true,
    );
    // Raised, they are read.
    expect((await load(files, { mb: 1 })).result.ok).toBe(true);
  });

  it('takes --max-file-size over HOLODECK_MAX_FILE_SIZE', async () => {
    const files = { 'agent.yaml': AGENT, 'cases.yaml': CASES };
    const { result } = await load(files, { mb: 1, env: { HOLODECK_MAX_FILE_SIZE: '0.0001' } });
    expect(result.ok).toBe(true);
  });

  it('rejects an invalid HOLODECK_MAX_FILE_SIZE', async () => {
    const { lines } = await load(
      { 'agent.yaml': AGENT, 'cases.yaml': CASES },
      { env: { HOLODECK_MAX_FILE_SIZE: 'big' } },
    );
    expect(lines).toEqual([
      'environment variable HOLODECK_MAX_FILE_SIZE="big" is invalid: expected a number of megabytes > 0 — fix or unset HOLODECK_MAX_FILE_SIZE',
    ]);
  });

  it('by default refuses a configuration file above 10 MB and a test cases file above 100 MB, without reading them', async () => {
    const dir = await writeTree({ 'agent.yaml': AGENT, 'cases.yaml': '' });
    // Sparse files: their size is known at once, reading them would take long and hold gigabytes.
    await truncate(join(dir, 'cases.yaml'), 20 * 1024 * MB);
    const cases = await loadConfig(dir, { env: {} });
    expect(!cases.ok && cases.issues.map((issue) => issue.message)).toEqual([
      `${join(dir, 'cases.yaml')} is 20480 MB, above the 100 MB limit for a test cases file`,
    ]);
    await writeFile(join(dir, 'big.yaml'), '');
    await truncate(join(dir, 'big.yaml'), 10 * MB + 1);
    const config = await loadConfig(join(dir, 'big.yaml'), { env: {} });
    expect(!config.ok && config.issues.map((issue) => [issue.message, issue.hint])).toEqual([
      [
        `${join(dir, 'big.yaml')} is 10.0 MB, above the 10 MB limit for a configuration file`,
        'raise the limit with --max-file-size 11 (or HOLODECK_MAX_FILE_SIZE=11)',
      ],
    ]);
  });

  it('refuses a YAML test cases file above 10 MB that cannot be read case by case, saying why', async () => {
    const item = `- name: c\n  input: "${'x'.repeat(1000)}"\n`;
    const cases = `- &first { name: first, input: hi }\n- *first\n${item.repeat(11 * 1024)}`;
    const { lines } = await load({ 'agent.yaml': AGENT, 'cases.yaml': cases }, {});
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('cases.yaml (11.0 MB) is too large to parse as one YAML document (the limit is 10 MB)');
    expect(lines[0]).toContain('a test case uses an alias (it may name an anchor of another test case)');
  });

  it('reads a YAML test cases file above 10 MB case by case', async () => {
    const item = (i: number) => `- name: c${i}\n  input: "${'x'.repeat(1000)}"\n`;
    const cases = Array.from({ length: 11 * 1024 }, (_, i) => item(i)).join('');
    const { result } = await load({ 'agent.yaml': AGENT, 'cases.yaml': cases }, {});
    expect(result.ok && result.value.test_cases.length).toBe(11 * 1024);
  });
});
