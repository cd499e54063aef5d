import { describe, expect, it } from 'vitest';
import { configHistory } from './config-history.js';

describe('configHistory', () => {
  it('holds only its own path once a run recorded it, never another config of the same tail', () => {
    const history = configHistory(['/p/evals/agent.yaml', '/p/agent.yaml'], '/p/agent.yaml', '/p/results');
    expect([history.owns('/p/agent.yaml'), history.owns('/p/evals/agent.yaml'), history.warning]).toEqual([
      true,
      false,
      null,
    ]);
  });

  it('takes a moved project’s path while it has no run of its own, when that path is the only one that fits', () => {
    const history = configHistory(['/old/proj/agent.yaml'], '/new/proj/agent.yaml', '/new/proj/results');
    expect(history.owns('/old/proj/agent.yaml')).toBe(true);
    expect(history.owns('/old/proj/smoke.yaml')).toBe(false);
  });

  it('takes none by tail when two recorded paths fit, and says why', () => {
    const history = configHistory(['/a/agent.yaml', '/b/agent.yaml'], '/c/agent.yaml', '/cache/results');
    expect([history.owns('/a/agent.yaml'), history.owns('/b/agent.yaml')]).toEqual([false, false]);
    expect(history.warning).toContain('runs of 2 config files ending with agent.yaml');
  });
});
