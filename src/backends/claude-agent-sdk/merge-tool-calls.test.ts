import { describe, expect, it } from 'vitest';
import { mergeToolCalls, RESULT_WITHHELD } from './merge-tool-calls.js';

const record = (name: string, result: unknown) => ({ name, args: {}, result, error: null, duration_ms: 1 });

describe('mergeToolCalls', () => {
  it('marks a bare name of one of our tools as an unknown tool, saying under which name the tool is offered', () => {
    const [call] = mergeToolCalls({
      uses: [{ id: 't1', name: 'Read', args: { file_path: 'a' } }],
      results: new Map([
        ['t1', { is_error: true, text: '<tool_use_error>Error: No such tool available: Read</tool_use_error>' }],
      ]),
      records: new Map(),
      unmatched: [],
      offered: new Set(['mcp__holodeck__Read']),
    });
    expect(call).toEqual({
      name: 'Read',
      args: { file_path: 'a' },
      result: null,
      error: "Error: No such tool available: Read (the agent's tool Read is offered as mcp__holodeck__Read)",
      duration_ms: null,
      unknown_tool: true,
    });
  });

  it('records a result Claude Code kept from the model (<persisted-output>) as an error, and others as returned', () => {
    const calls = mergeToolCalls({
      uses: [
        { id: 't1', name: 'mcp__holodeck__dump', args: {} },
        { id: 't2', name: 'mcp__holodeck__page', args: {} },
      ],
      results: new Map([
        ['t1', { is_error: false, text: '<persisted-output>\nOutput too large (586KB). Full output saved to: /x.txt' }],
        ['t2', { is_error: false, text: 'page' }],
      ]),
      records: new Map([
        ['t1', record('dump', 'd'.repeat(600_000))],
        ['t2', record('page', 'page')],
      ]),
      unmatched: [],
      offered: new Set(['mcp__holodeck__dump', 'mcp__holodeck__page']),
    });
    expect(calls.map(({ name, result, error }) => ({ name, result, error }))).toEqual([
      { name: 'dump', result: null, error: RESULT_WITHHELD },
      { name: 'page', result: 'page', error: null },
    ]);
  });
});
