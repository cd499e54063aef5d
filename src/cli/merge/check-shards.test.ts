import { describe, expect, it } from 'vitest';
import type { RunSelection } from '../../records/run-record.js';
import { checkShards, type ShardRecord } from './check-shards.js';

function shard(index: number, total: number, names: string[], overrides: Partial<ShardRecord> = {}): ShardRecord {
  const selection: RunSelection = {
    filter: null,
    limit: null,
    shard: { index, total },
    suite_cases: 9,
    suite_fingerprint: 'f00d',
  };
  return {
    path: `/r/shard-${index}.json`,
    run_id: `run-${index}`,
    state: 'completed',
    agent_name: 'agent',
    selection,
    names,
    turns: names.length,
    ...overrides,
  };
}

const problems = (records: ShardRecord[]) => {
  const check = checkShards(records);
  return check.ok ? [] : check.problems;
};

describe('checkShards', () => {
  it('orders a complete set of shards by index', () => {
    const check = checkShards([shard(3, 3, ['g']), shard(1, 3, ['a', 'b']), shard(2, 3, [])]);
    expect(check.ok && check.ordered.map((r) => r.run_id)).toEqual(['run-1', 'run-2', 'run-3']);
  });

  it('names missing and duplicated shards', () => {
    expect(problems([shard(1, 3, ['a']), shard(1, 3, ['a'], { path: '/r/again.json' })])).toEqual([
      'shard 2/3 is missing',
      'shard 3/3 is missing',
      'shard 1/3 appears 2 times: /r/shard-1.json, /r/again.json',
      'test case "a" is in both /r/shard-1.json and /r/again.json',
    ]);
  });

  it('names three or more missing shards in a row on one line, and at most 20 lines of them', () => {
    expect(problems([shard(2, 9, ['a']), shard(8, 9, ['b'])])).toEqual([
      'shard 1/9 is missing',
      'shards 3/9 to 7/9 are missing (5 shards)',
      'shard 9/9 is missing',
    ]);
    expect(problems([shard(1, 100_000_000, ['a'])])).toEqual([
      'shards 2/100000000 to 100000000/100000000 are missing (99999999 shards)',
    ]);
    const every3rd = Array.from({ length: 30 }, (_, i) => shard(3 * i + 1, 1000, [`c${i}`]));
    const found = problems(every3rd);
    expect(found).toHaveLength(21);
    expect(found[0]).toBe('shard 2/1000 is missing');
    expect(found[1]).toBe('shard 3/1000 is missing');
    expect(found[19]).toBe('shard 30/1000 is missing');
    // Ten gaps of two shown (20 lines); 19 more of two and 89..1000 not.
    expect(found[20]).toBe(`and ${19 * 2 + 912} more missing shards`);
  });

  it('refuses records of other agents, other suites, other shard counts, or not sharded', () => {
    const base = shard(1, 2, ['a']);
    const other = shard(2, 2, ['b'], {
      agent_name: 'other',
      selection: { ...base.selection!, shard: { index: 2, total: 2 }, suite_fingerprint: 'beef' },
    });
    expect(problems([base, other])).toEqual([
      '/r/shard-2.json is of agent "other", /r/shard-1.json of "agent"',
      '/r/shard-2.json and /r/shard-1.json ran different test cases (configuration, --filter or --limit differ)',
    ]);
    expect(problems([base, shard(2, 3, ['b'])])).toContain(
      '/r/shard-2.json is shard 2/3, /r/shard-1.json is shard 1/2',
    );
    // Shard 1/3 beside 1/2 is of another split: named so, not counted as shard 1/2 appearing twice.
    const ofThree = { ...shard(1, 3, ['c']), path: '/r/three.json' };
    expect(problems([base, shard(2, 2, ['b']), ofThree])).toEqual([
      '/r/three.json is shard 1/3, /r/shard-1.json is shard 1/2',
    ]);
    expect(
      problems([base, shard(2, 2, ['b']), { ...shard(1, 1, []), path: '/r/plain.json', selection: null }]),
    ).toEqual(['/r/plain.json was not run with --shard']);
  });

  it('refuses shards run with another model, backend or --repeat, naming both', () => {
    const settings = { model: 'openai:m1', backend: 'ai_sdk', repeat: 1, min_pass_rate: null };
    const base = shard(1, 2, ['a'], { settings });
    const model = shard(2, 2, ['b'], { settings: { ...settings, model: 'ollama:m2' } });
    expect(problems([base, model])).toEqual([
      '/r/shard-2.json ran with model ollama:m2, /r/shard-1.json with openai:m1: the shards of one run share their model, backend and --repeat settings',
    ]);
    const repeated = shard(2, 2, ['b'], { settings: { ...settings, repeat: 3, min_pass_rate: 1 } });
    expect(problems([base, repeated])).toEqual([
      '/r/shard-2.json ran with repeat 3, /r/shard-1.json with repeat 1: the shards of one run share their model, backend and --repeat settings',
      '/r/shard-2.json ran with min_pass_rate 1, /r/shard-1.json with min_pass_rate unset: the shards of one run share their model, backend and --repeat settings',
    ]);
    expect(problems([base, shard(2, 2, ['b'], { settings })])).toEqual([]);
  });

  it('refuses shards whose verdict settings differ, naming each, and cannot tell for records without them', () => {
    const settings = { model: 'openai:m1', backend: 'ai_sdk', repeat: 1, min_pass_rate: null };
    const strict = { fail_on_tool_error: true, max_steps: 10, 'model.temperature': 0 };
    const base = shard(1, 2, ['a'], { settings: { ...settings, verdict_settings: strict } });
    const loose = { fail_on_tool_error: false, max_steps: 5, 'model.temperature': 0 };
    expect(problems([base, shard(2, 2, ['b'], { settings: { ...settings, verdict_settings: loose } })])).toEqual([
      '/r/shard-2.json ran with execution.fail_on_tool_error false, /r/shard-1.json with true: it decides verdicts, so the shards of one run share it (command-line options and HOLODECK_* variables included)',
      '/r/shard-2.json ran with execution.max_steps 5, /r/shard-1.json with 10: it decides verdicts, so the shards of one run share it (command-line options and HOLODECK_* variables included)',
    ]);
    const warm = { ...strict, 'model.temperature': 1 };
    expect(problems([base, shard(2, 2, ['b'], { settings: { ...settings, verdict_settings: warm } })])).toEqual([
      '/r/shard-2.json ran with model.temperature 1, /r/shard-1.json with 0: it decides verdicts, so the shards of one run share it (command-line options and HOLODECK_* variables included)',
    ]);
    expect(problems([base, shard(2, 2, ['b'], { settings: { ...settings, verdict_settings: null } })])).toEqual([]);
    expect(problems([base, shard(2, 2, ['b'], { settings: { ...settings, verdict_settings: strict } })])).toEqual([]);
  });

  it('refuses shards that ran different versions of the suite, and cannot tell for records without its hash', () => {
    const settings = { model: 'openai:m1', backend: 'ai_sdk', repeat: 1, min_pass_rate: null, content: 'aaaa' };
    const base = shard(1, 2, ['a'], { settings });
    expect(problems([base, shard(2, 2, ['b'], { settings: { ...settings, content: 'bbbb' } })])).toEqual([
      '/r/shard-2.json and /r/shard-1.json ran different versions of the suite: test cases, instructions, tools or metrics, or the files of its tools, code graders, module agent or attachments, changed between the shards — run every shard of the same configuration and files',
    ]);
    expect(problems([base, shard(2, 2, ['b'], { settings: { ...settings, content: null } })])).toEqual([]);
    expect(problems([base, shard(2, 2, ['b'], { settings })])).toEqual([]);
  });

  it('refuses an interrupted shard', () => {
    expect(problems([shard(1, 2, ['a']), shard(2, 2, ['b'], { state: 'interrupted' })])).toEqual([
      '/r/shard-2.json (shard 2/2) is interrupted: resume it with --resume first',
    ]);
  });

  it('skips the interrupted record of a shard its retry completed, and refuses it when the retry ran another suite', () => {
    const stopped = shard(2, 2, ['b'], { state: 'interrupted', path: '/r/stopped.json', run_id: 'stopped' });
    const check = checkShards([shard(1, 2, ['a']), stopped, shard(2, 2, ['b'])]);
    expect(check.ok && check.ordered.map((r) => r.run_id)).toEqual(['run-1', 'run-2']);
    expect(check.ok && check.skipped).toEqual([
      { path: '/r/stopped.json', why: 'an interrupted run of shard 2/2, which is complete in /r/shard-2.json' },
    ]);
    const otherSuite = { ...stopped, selection: { ...(stopped.selection as RunSelection), suite_fingerprint: 'beef' } };
    expect(problems([shard(1, 2, ['a']), otherSuite, shard(2, 2, ['b'])])).toContain(
      '/r/stopped.json (shard 2/2) is interrupted: resume it with --resume first',
    );
  });
});

describe('checkShards on folders', () => {
  it('skips records found in a folder that are no shard, such as an earlier merged run', () => {
    const merged = { ...shard(1, 1, ['a', 'b']), path: '/r/merged.json', selection: null, explicit: false };
    const check = checkShards([shard(1, 2, ['a']), shard(2, 2, ['b']), merged]);
    expect(check.ok && check.skipped).toEqual([{ path: '/r/merged.json', why: 'not a shard record' }]);
    expect(problems([merged])).toEqual(['none of these run records is a shard (--shard)']);
  });
});

describe('checkShards with unfinished runs (a .partial.jsonl log without its record)', () => {
  const log = (index: number, total: number) => ({ path: `/r/log-${index}.partial.jsonl`, shard: { index, total } });

  it('names the log of a shard that did not finish instead of calling it missing', () => {
    const check = checkShards([shard(1, 3, ['a']), shard(3, 3, ['c'])], [log(2, 3)]);
    expect(check.ok ? [] : check.problems).toEqual([
      'shard 2/3 did not finish: only its log /r/log-2.partial.jsonl is there (the job crashed, was stopped or ' +
        'is still running); run that shard again, or finish it with --resume, and merge its record',
    ]);
    expect(problems([])).toEqual(['none of these run records is a shard (--shard)']);
    const only = checkShards([], [log(1, 2), { path: '/r/plain.partial.jsonl', shard: null }]);
    expect(only.ok ? [] : only.problems).toEqual([expect.stringMatching(/^shard 1\/2 did not finish: only its log/)]);
  });

  it('skips the log of a retried shard whose record is complete, and logs of other splits or of no shard', () => {
    const check = checkShards(
      [shard(1, 2, ['a']), shard(2, 2, ['b'])],
      [log(2, 2), log(2, 3), { path: '/r/plain.partial.jsonl', shard: null }],
    );
    expect(check.ok && check.skipped).toEqual([
      { path: '/r/log-2.partial.jsonl', why: 'an unfinished run of shard 2/2, which is complete in /r/shard-2.json' },
      {
        path: '/r/log-2.partial.jsonl',
        why: 'the log of an unfinished run of shard 2/3, of another split of the suite',
      },
      { path: '/r/plain.partial.jsonl', why: 'the log of a run that did not finish, and no shard' },
    ]);
  });
});
