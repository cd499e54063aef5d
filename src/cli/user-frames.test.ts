import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type PausedFrame, userFrames } from './user-frames.js';

const paths = { own: '/opt/holodeck/dist/cli', cwd: '/home/me/project', relative, fileURLToPath };

function frame(functionName: string, url: string, line: number, column = 0, scriptId = '1'): PausedFrame {
  return { functionName, url, location: { scriptId, lineNumber: line - 1, columnNumber: column } };
}

describe('userFrames', () => {
  it("keeps the user's frames down to holodeck's own, relative to the working folder", () => {
    const frames = [
      frame('inner', 'file:///home/me/project/lib/loop.mjs', 3, 4),
      frame('send', 'file:///home/me/project/agent.mjs', 5, 8),
      frame('runTurn', 'file:///opt/holodeck/dist/cli/chunk-ABC.mjs', 100),
      frame('processTimers', 'node:internal/timers', 505),
    ];
    expect(userFrames(frames, new Map(), paths)).toEqual(['inner (lib/loop.mjs:3:5)', 'send (agent.mjs:5:9)']);
  });

  it('keeps every frame, four at most, when none is holodeck’s, naming anonymous functions and other URLs as they are', () => {
    const frames = [
      frame('', 'file:///home/me/project/grader.mjs', 1, 0),
      frame('a', 'node:internal/modules/esm/module_job', 2),
      frame('b', '', 3, 0, '9'),
      frame('c', '', 4, 0, '10'),
      frame('d', 'file:///elsewhere/x.mjs', 5),
    ];
    const scripts = new Map([['9', 'file:///home/me/project/lib/b.mjs']]);
    expect(userFrames(frames, scripts, paths)).toEqual([
      '<anonymous> (grader.mjs:1:1)',
      'a (node:internal/modules/esm/module_job:2:1)',
      'b (lib/b.mjs:3:1)',
      'c (unknown:4:1)',
    ]);
  });

  it('keeps the whole stack when the top frame is already holodeck’s', () => {
    const frames = [
      frame('tick', 'file:///opt/holodeck/dist/cli/chunk.mjs', 7),
      frame('x', 'file:///home/me/project/a.mjs', 2),
    ];
    expect(userFrames(frames, new Map(), paths)).toEqual([
      'tick (../../../opt/holodeck/dist/cli/chunk.mjs:7:1)',
      'x (a.mjs:2:1)',
    ]);
  });

  it('uses nothing but its arguments, as the stall guard’s watcher runs it from its source text', () => {
    const rebuilt = new Function(`return ${userFrames.toString()}`)() as typeof userFrames;
    const frames = [frame('send', 'file:///home/me/project/agent.mjs', 5, 8)];
    expect(rebuilt(frames, new Map(), paths)).toEqual(['send (agent.mjs:5:9)']);
  });
});
