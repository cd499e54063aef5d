import { describe, expect, it } from 'vitest';
import { turnConfig } from '../../test/fakes/fixtures/agent-config.js';
import type { ExpectedTool, TestCaseConfig, TurnConfig } from '../core/config-types.js';
import { closestNames, unknownExpectedTools } from './unknown-expected-tools.js';

function entry(name: string, count = 1, name_match: ExpectedTool['name_match'] = 'substring'): ExpectedTool {
  return { name, name_match, args: null, count };
}

function testCase(name: string, kind: 'single' | 'multi', turns: TurnConfig[]): TestCaseConfig {
  return { name, index: 0, kind, evaluations: null, turns };
}

const TOOLS = ['lookup', 'subtract', 'fs_read_file', 'mcp__fin__divide'];

describe('unknownExpectedTools', () => {
  it('says nothing when every expected tool matches one of the agent’s tools', () => {
    const cases = [testCase('a', 'single', [turnConfig(0, [entry('lookup'), entry('read_file'), entry('divide')])])];
    expect(unknownExpectedTools(cases, TOOLS)).toEqual([]);
  });

  it('warns once per name with the closest names and where it is used', () => {
    const cases = [
      testCase('JKHY', 'multi', [
        turnConfig(0, [entry('substract')]),
        turnConfig(1, [entry('substract'), entry('lookups')]),
      ]),
      testCase('other', 'single', [turnConfig(0, [entry('substract')])]),
    ];
    expect(unknownExpectedTools(cases, TOOLS)).toEqual([
      'expected tool "substract" matches none of the agent\'s tools; closest: subtract — in test case "JKHY" turn 1 and 2 more places',
      'expected tool "lookups" matches none of the agent\'s tools; closest: lookup — in test case "JKHY" turn 2',
    ]);
  });

  it('names forbidden tools and exact names, and lists the tools when none is close', () => {
    const cases = [
      testCase('c', 'single', [turnConfig(0, [entry('divide', 1, 'exact'), entry('delete_everything', 0)])]),
    ];
    expect(unknownExpectedTools(cases, TOOLS)).toEqual([
      'expected tool "divide" (exact name) matches none of the agent\'s tools; closest: mcp__fin__divide — in test case "c"',
      'forbidden tool "delete_everything" matches none of the agent\'s tools; its tools: lookup, subtract, fs_read_file, mcp__fin__divide — in test case "c"',
    ]);
  });

  it('says when the agent has no tools at all', () => {
    expect(unknownExpectedTools([testCase('c', 'single', [turnConfig(0, [entry('lookup')])])], [])).toEqual([
      'expected tool "lookup" matches none of the agent\'s tools (the agent has no tools) — in test case "c"',
    ]);
  });
});

describe('closestNames', () => {
  it('ranks by edit distance, also to the part after a host prefix', () => {
    expect(closestNames('divde', TOOLS)).toEqual(['mcp__fin__divide']);
    expect(closestNames('zzz', TOOLS)).toEqual([]);
  });
});
