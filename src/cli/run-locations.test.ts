import { describe, expect, it } from 'vitest';
import { formatRunLocations } from './run-locations.js';

describe('formatRunLocations', () => {
  it('lists the record, each report and the dashboard command, relative to the working folder', () => {
    expect(
      formatRunLocations({
        record: '/p/results/a/1.json',
        outputs: ['/p/r.json', '/q/j.xml'],
        configPath: '/p/agent config.yaml',
        resultsDir: null,
        cwd: '/p',
        command: ['holodeck'],
      }),
    ).toBe(
      'run record  results/a/1.json\nreport      r.json\nreport      ../q/j.xml\n' +
        "dashboard   holodeck test view 'agent config.yaml'\n",
    );
  });

  it('names a custom results folder in the dashboard command, and no record when none was written', () => {
    expect(
      formatRunLocations({
        record: null,
        outputs: [],
        configPath: '/p/a.yaml',
        resultsDir: '/r',
        cwd: '/p',
        command: ['holodeck'],
      }),
    ).toBe('dashboard   holodeck test view a.yaml --results-dir ../r\n');
  });

  it('marks the record or a report that failed to be written', () => {
    expect(
      formatRunLocations({
        record: '/p/results/a/1.json',
        outputs: ['/p/r.json', '/p/r.md'],
        failed: new Set(['/p/results/a/1.json', '/p/r.json']),
        configPath: '/p/a.yaml',
        resultsDir: null,
        cwd: '/p',
        command: ['holodeck'],
      }),
    ).toBe(
      'run record  results/a/1.json  (failed, see the error above)\n' +
        'report      r.json  (failed, see the error above)\nreport      r.md\n' +
        'dashboard   holodeck test view a.yaml\n',
    );
  });
});
