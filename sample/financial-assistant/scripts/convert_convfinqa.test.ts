import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { TestCaseEntry } from '../lib/convert-record.js';
import { devRecords, devSplitPath } from '../test-support/dev-split.js';
import { runConverter } from './convert_convfinqa.js';

const SAMPLE = fileURLToPath(new URL('..', import.meta.url));
let directory = '';

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'convfinqa-convert-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runConverter(argv, {
    cwd: directory,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

async function readCases(path: string): Promise<TestCaseEntry[]> {
  const text = await readFile(join(directory, path), 'utf8');
  return (/\.ya?ml$/.test(path) ? parse(text) : JSON.parse(text)).test_cases;
}

describe('convert_convfinqa on the dev split', () => {
  it('converts all 421 dialogues and 1490 turns', async () => {
    const result = await run(['--source', devSplitPath(), '--split', 'dev', '--out', 'all.json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toBe('wrote 421 test cases (1490 turns) to all.json\n');
    const cases = await readCases('all.json');
    const records = devRecords();
    expect(cases.map((testCase) => testCase.name)).toEqual(records.map((record) => record['id']));
    const turns = cases.flatMap((testCase, caseIndex) =>
      testCase.turns.map((turn, turnIndex) => ({ turn, caseIndex, turnIndex })),
    );
    expect(turns).toHaveLength(1490);
    for (const { turn, caseIndex, turnIndex } of turns) {
      const dialogue = records[caseIndex]?.['dialogue'] as Record<string, unknown[]>;
      expect(turn.turn_config['turn_program']).toBe(dialogue['turn_program']?.[turnIndex]);
      expect(turn.ground_truth).toBe(String(dialogue['executed_answers']?.[turnIndex]));
      expect(turn.input.trim()).not.toBe('');
      const lookupTurn = !String(turn.turn_config['turn_program']).includes('(');
      if (lookupTurn) expect(turn.expected_tools).toBeUndefined();
      for (const expected of turn.expected_tools ?? []) {
        expect(['add', 'subtract', 'multiply', 'divide', 'exp', 'greater']).toContain(expected.name);
      }
    }
  });

  it('writes YAML when --out ends in .yaml, with the same cases as JSON', async () => {
    expect((await run(['--source', devSplitPath(), '--n', '3', '--out', 'three.yaml'])).code).toBe(0);
    expect((await run(['--source', devSplitPath(), '--n', '3', '--out', 'three.json'])).code).toBe(0);
    expect(await readCases('three.yaml')).toEqual(await readCases('three.json'));
  });

  it('converts the dialogues named by --ids, in that order', async () => {
    const ids = ['Single_AES/2002/page_46.pdf-1', 'Single_MRO/2007/page_134.pdf-1'];
    expect((await run(['--source', devSplitPath(), '--ids', ids.join(','), '--out', 'ids.yml'])).code).toBe(0);
    expect((await readCases('ids.yml')).map((testCase) => testCase.name)).toEqual(ids);
  });

  it('keeps data/convfinqa_subset.json exactly as the converter writes it', async () => {
    const committed = await readFile(join(SAMPLE, 'data', 'convfinqa_subset.json'), 'utf8');
    const ids = (JSON.parse(committed).test_cases as TestCaseEntry[]).map((testCase) => testCase.name);
    expect(ids).toHaveLength(10);
    expect((await run(['--source', devSplitPath(), '--ids', ids.join(','), '--out', 'subset.json'])).code).toBe(0);
    expect(await readFile(join(directory, 'subset.json'), 'utf8')).toBe(committed);
  });
});

type Corruption = (record: Record<string, unknown>) => void;

function dialogueOf(record: Record<string, unknown>): Record<string, unknown[]> {
  return record['dialogue'] as Record<string, unknown[]>;
}

describe('convert_convfinqa on malformed records', () => {
  const cases: Array<[string, Corruption, string]> = [
    ['a missing id', (record) => delete record['id'], 'record dev[1]: id: must be a non-empty string'],
    [
      'a text that is not a string',
      (record) => ((record['doc'] as Record<string, unknown>)['pre_text'] = 3),
      'doc.pre_text: must be a string',
    ],
    [
      'a table cell that is an object',
      (record) => ((record['doc'] as Record<string, unknown>)['table'] = { '2009': { x: {} } }),
      'doc.table["2009"]["x"]: must be a number or a string',
    ],
    [
      'an unparseable program',
      (record) => (dialogueOf(record)['turn_program']![1] = 'subtract(25, )'),
      'dialogue.turn_program[1]: step 0: cannot read the argument ""',
    ],
    [
      'a wrong executed answer',
      (record) => (dialogueOf(record)['executed_answers']![0] = -4.5),
      'dialogue.executed_answers[0]: is -4.5 but dialogue.turn_program[0] evaluates to -4',
    ],
    [
      'lists of different lengths',
      (record) => dialogueOf(record)['executed_answers']!.pop(),
      'dialogue.executed_answers: has 3 entries but there are 4 questions',
    ],
    ['a missing dialogue', (record) => delete record['dialogue'], 'dialogue: must be an object'],
  ];

  it.each(cases)('rejects %s naming the record id and field, exit 2, nothing written', async (_, corrupt, message) => {
    const records = structuredClone(devRecords().slice(0, 3));
    corrupt(records[1] as Record<string, unknown>);
    const source = join(directory, 'corrupt.json');
    await writeFile(source, JSON.stringify({ dev: records }));
    const result = await run(['--source', source, '--out', 'never.json']);
    expect(result.code).toBe(2);
    const id = message.startsWith('record dev[1]') ? '' : 'record "Double_HII/2017/page_104.pdf" (dev[1]): ';
    expect(result.stderr).toContain(`error: ${id}${message}`);
    expect(result.stderr).toContain('nothing written (1 error)');
    expect(existsSync(join(directory, 'never.json'))).toBe(false);
  });

  it('reports every malformed record, not only the first', async () => {
    const records = structuredClone(devRecords().slice(0, 3)) as Array<Record<string, unknown>>;
    dialogueOf(records[0] as Record<string, unknown>)['turn_program']![0] = 'table_max(x, none)';
    records[2] = { ...records[0], id: records[0]?.['id'] };
    await writeFile(join(directory, 'two.json'), JSON.stringify({ dev: records }));
    const result = await run(['--source', 'two.json', '--out', 'never.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'record "Single_MRO/2007/page_134.pdf-1" (dev[0]): dialogue.turn_program[0]: step 0: unknown operation "table_max"',
    );
    expect(result.stderr).toContain('(dev[2]): dialogue.turn_program[0]');
    expect(result.stderr).toContain('nothing written (2 errors)');
  });

  it('rejects a duplicate id', async () => {
    const records = structuredClone(devRecords().slice(0, 2));
    await writeFile(join(directory, 'dup.json'), JSON.stringify({ dev: [...records, records[0]] }));
    const result = await run(['--source', 'dup.json', '--out', 'never.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('record "Single_MRO/2007/page_134.pdf-1" (dev[2]): id: is a duplicate');
  });
});

describe('convert_convfinqa usage', () => {
  it.each([
    [['--out', 'x.json'], '--source is required'],
    [['--source', 's.json'], '--out is required'],
    [['--source', 's.json', '--out', 'x.json', '--n', '2', '--ids', 'a'], 'use either --n or --ids'],
    [['--source', 's.json', '--out', 'x.json', '--n', '0'], '--n must be a positive integer, got "0"'],
    [['--source', 's.json', '--out', 'x.json', '--ids', ' , '], '--ids needs at least one id'],
    [['--source', 's.json', '--out', 'x.json', '--bogus'], "Unknown option '--bogus'"],
  ])('exits 2 on %j', async (argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('usage: convert_convfinqa.ts');
  });

  it('exits 2 on a source that is missing, not JSON, or has no such split, or no such id', async () => {
    const missing = await run(['--source', 'missing.json', '--out', 'x.json']);
    expect(missing).toMatchObject({ code: 2, stderr: 'error: cannot read --source missing.json: no such file\n' });
    await writeFile(join(directory, 'bad.json'), '{"dev": [');
    expect((await run(['--source', 'bad.json', '--out', 'x.json'])).stderr).toContain(
      '--source bad.json is not valid JSON',
    );
    const noSplit = await run(['--source', devSplitPath(), '--split', 'train', '--out', 'x.json']);
    expect(noSplit).toMatchObject({ code: 2 });
    expect(noSplit.stderr).toContain('the dataset has no "train" split (splits found: dev)');
    const noId = await run(['--source', devSplitPath(), '--ids', 'Single_NOPE/1999/page_1.pdf', '--out', 'x.json']);
    expect(noId.stderr).toContain('no record with id "Single_NOPE/1999/page_1.pdf" in the "dev" split');
    expect(existsSync(join(directory, 'x.json'))).toBe(false);
  });

  it('exits 2, writing nothing, on an --out it cannot write and on a split without records', async () => {
    await mkdir(join(directory, 'taken'), { recursive: true });
    const folder = await run(['--source', devSplitPath(), '--n', '1', '--out', 'taken']);
    expect(folder).toMatchObject({ code: 2, stderr: 'error: cannot write --out taken: it is a folder\n' });
    expect(await readdir(directory)).not.toContainEqual(expect.stringMatching(/\.tmp$/));
    const proc = await run(['--source', devSplitPath(), '--n', '1', '--out', '/proc/holodeck-x.json']);
    expect(proc).toMatchObject({ code: 2 });
    expect(proc.stderr).toMatch(/^error: cannot write --out \/proc\/holodeck-x\.json: /);
    await writeFile(join(directory, 'empty.json'), '{"dev": []}');
    const empty = await run(['--source', 'empty.json', '--out', 'e.json']);
    expect(empty).toMatchObject({ code: 2, stderr: 'error: the split holds no records: nothing written\n' });
    expect(existsSync(join(directory, 'e.json'))).toBe(false);
    const grader = await run(['--source', devSplitPath(), '--n', '1', '--grader', 'bogus', '--out', 'g.json']);
    expect(grader.code).toBe(2);
    expect(grader.stderr).toContain('error: --grader must be "path/to/file.ts:exportName", got "bogus"');
    const one = await run(['--source', devSplitPath(), '--ids', 'Single_JKHY/2014/page_30.pdf-2', '--out', 'o.json']);
    expect(one.stdout).toMatch(/^wrote 1 test case \(\d+ turns?\) to o\.json\n$/);
  });

  it('prints help with exit 0', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--ids');
  });

  it('runs as a script under tsx and sets the exit code', async () => {
    const exec = promisify(execFile);
    const tsx = (args: string[]) =>
      exec(process.execPath, ['--import', 'tsx', join(SAMPLE, 'scripts', 'convert_convfinqa.ts'), ...args], {
        cwd: SAMPLE,
      });
    const ok = await tsx(['--source', devSplitPath(), '--n', '2', '--out', join(directory, 'script.json')]);
    expect(ok.stdout).toContain('wrote 2 test cases');
    await expect(tsx(['--source', devSplitPath()])).rejects.toMatchObject({ code: 2 });
  });
});
