import { describe, expect, it } from 'vitest';
import { configTail, sameConfig } from './same-config.js';

describe('sameConfig', () => {
  it('follows a config moved with its results folder, by its path from the folder holding both', () => {
    expect(sameConfig('/ci/build-1/proj/agent.yaml', '/ci/build-2/proj/agent.yaml', '/ci/build-2/proj/results')).toBe(
      true,
    );
    expect(sameConfig('/old/proj/smoke.yaml', '/new/proj/agent.yaml', '/new/proj/results')).toBe(false);
    // Results at the project's root, configs in sub-folders: the sub-folder is part of the path.
    expect(configTail('/p/evals/a/agent.yaml', '/p/results')).toEqual(['evals', 'a', 'agent.yaml']);
    expect(sameConfig('/q/evals/a/agent.yaml', '/p/evals/a/agent.yaml', '/p/results')).toBe(true);
    expect(sameConfig('/q/evals/b/agent.yaml', '/p/evals/a/agent.yaml', '/p/results')).toBe(false);
    // A record written on Windows.
    expect(sameConfig('C:\\work\\proj\\agent.yaml', '/home/u/proj/agent.yaml', '/home/u/proj/results')).toBe(true);
  });

  it('goes by the file name when the results folder is kept apart from the project', () => {
    expect(configTail('/builds/x1/proj/agent.yaml', '/cache/results')).toEqual(['agent.yaml']);
    expect(sameConfig('/builds/x0/proj/agent.yaml', '/builds/x1/proj/agent.yaml', '/cache/results')).toBe(true);
  });

  it('matches its own path, and never an empty one', () => {
    expect(sameConfig('/p/agent.yaml', '/p/agent.yaml', '/elsewhere/r')).toBe(true);
    expect(sameConfig('', '/p/agent.yaml', '/p/results')).toBe(false);
  });
});
