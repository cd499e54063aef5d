import { describe, expect, it } from 'vitest';
import { turnConfig } from '../../test/fakes/fixtures/agent-config.js';
import type { ArgMatcher, ExpectedTool, TestCaseConfig, TurnConfig } from '../core/config-types.js';
import { buildArg } from './build-expected-tools.js';
import { unknownToolArgs } from './unknown-tool-args.js';

function entry(name: string, args: Record<string, unknown>, count = 1): ExpectedTool {
  const matchers: Record<string, ArgMatcher> = {};
  for (const [key, value] of Object.entries(args)) matchers[key] = buildArg(value as never);
  return { name, name_match: 'substring', args: matchers, count };
}

function testCase(name: string, index: number, kind: 'single' | 'multi', turns: TurnConfig[]): TestCaseConfig {
  return { name, index, kind, evaluations: null, turns };
}

const TOOLS = [
  { name: 'lookup_order', params: ['order_id'] },
  { name: 'issue_refund', params: ['order_id', 'amount', 'reason'] },
  { name: 'search', params: null },
];

describe('unknownToolArgs', () => {
  it('says nothing when every asserted argument is a parameter of its tool', () => {
    const cases = [testCase('a', 0, 'single', [turnConfig(0, [entry('lookup_order', { order_id: 'A1' })])])];
    expect(unknownToolArgs(cases, TOOLS)).toEqual([]);
  });

  it('warns of a forbidden tool whose argument is misspelled, at its key, with the close parameter', () => {
    const expected = entry('lookup_order', { order_id: 'A1' });
    const forbidden = entry('issue_refund', { ammount: 120 }, 0);
    const cases = [testCase('no-full-refund', 3, 'single', [turnConfig(0, [expected, forbidden])])];
    expect(unknownToolArgs(cases, TOOLS)).toEqual([
      {
        path: ['test_cases', 3, 'forbidden_tools', 0, 'args', 'ammount'],
        message:
          'forbidden tool "issue_refund" asserts argument "ammount", which is not a parameter of issue_refund (did you mean `amount`?): no call can match it, so the check passes whatever the agent calls — in test case "no-full-refund"',
      },
    ]);
  });

  it('checks every matcher form, in a conversation, once per entry and argument, listing the parameters when none is close', () => {
    const fuzzy = entry('lookup_order', { orderid: { fuzzy: 'a1' } });
    const regex = entry('lookup_order', { orderid: { regex: '^A' }, customer: 'x' });
    const cases = [
      testCase('conv', 1, 'multi', [turnConfig(0, [fuzzy]), turnConfig(1, [entry('search', { q: 1 }), regex])]),
      testCase('other', 2, 'single', [turnConfig(0, [fuzzy])]),
    ];
    const found = unknownToolArgs(cases, TOOLS);
    expect(found.map((arg) => arg.path)).toEqual([
      ['test_cases', 1, 'turns', 0, 'expected_tools', 0, 'args', 'orderid'],
      ['test_cases', 1, 'turns', 1, 'expected_tools', 1, 'args', 'customer'],
    ]);
    expect(found[0]!.message).toMatch(
      /\(did you mean `order_id`\?\).* — in test case "conv" turn 1 and 2 more places$/,
    );
    expect(found[1]!.message).toContain(
      '"customer", which is not a parameter of lookup_order (its parameters: order_id)',
    );
  });

  it('says nothing of a tool whose schema is open, nor of an entry matching no tool or an open one among others', () => {
    const tools = [...TOOLS, { name: 'lookup_order_v2', params: null }];
    const cases = [
      testCase('a', 0, 'single', [
        turnConfig(0, [entry('search', { anything: 1 }), entry('nothing', { x: 1 }), entry('lookup_order', { x: 1 })]),
      ]),
    ];
    expect(unknownToolArgs(cases, tools)).toEqual([]);
  });

  it('takes an argument any of the matched tools has, and names them all otherwise', () => {
    const tools = [
      { name: 'fs_read', params: ['path'] },
      { name: 'web_read', params: ['url'] },
    ];
    const cases = [testCase('a', 0, 'single', [turnConfig(0, [entry('read', { url: 'u', pth: 'p' })])])];
    const found = unknownToolArgs(cases, tools);
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('"pth", which is not a parameter of fs_read, web_read (did you mean `path`?)');
  });

  it('says a tool without parameters takes none', () => {
    const cases = [testCase('a', 0, 'single', [turnConfig(0, [entry('ping', { x: 1 })])])];
    expect(unknownToolArgs(cases, [{ name: 'ping', params: [] }])[0]!.message).toContain(
      'which is not a parameter of ping (ping takes no arguments)',
    );
  });
});
