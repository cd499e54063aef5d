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
});
