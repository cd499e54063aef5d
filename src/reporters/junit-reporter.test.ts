import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playReport } from '../../test/support/reporters/play-report.js';
import { hostileReport, sampleReport } from '../../test/support/reporters/report-scenarios.js';
import type { RunReport } from '../core/results.js';
import { renderJunitReport } from './junit-render.js';
import { createJunitReporter } from './junit-reporter.js';
import { xmlAttr } from './xml-escape.js';

const classnames = (xml: string) => [...xml.matchAll(/<testcase name="[^"]*" classname="([^"]*)"/g)].map((m) => m[1]);

describe('JUnit classname', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'holodeck-junit-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function streamed(report: RunReport): Promise<string> {
    const path = join(dir, 'report.xml');
    await playReport(createJunitReporter({ path }), report);
    return readFile(path, 'utf8');
  }

  it('names the model in the classname of a matrix run, so CI keys its cases apart from the other models', async () => {
    const report: RunReport = { ...sampleReport(), model: 'openai:gpt-4.1-nano', comparison_id: 'c' };
    const xml = await streamed(report);
    expect(xml).toBe(renderJunitReport(report));
    const names = classnames(xml);
    expect(names.length).toBe(report.results.length);
    expect(new Set(names)).toEqual(new Set(['financial-assistant (openai:gpt-4.1-nano)']));
    expect(xml).toContain('<testsuite name="financial-assistant (openai:gpt-4.1-nano)"');
  });

  it('keeps the agent name alone as the classname of a one-model run', async () => {
    const xml = await streamed(sampleReport());
    expect(new Set(classnames(xml))).toEqual(new Set(['financial-assistant']));
  });

  it('gives the model to every case and the interruption, whatever the names and outputs hold', async () => {
    const hostile = hostileReport();
    const report: RunReport = {
      ...hostile,
      model: 'openai:m" classname="x',
      interrupted: { not_run: 2, selected_tests: hostile.results.length + 2 },
    };
    const xml = await streamed(report);
    expect(xml).toBe(renderJunitReport(report));
    const expected = `classname="${xmlAttr(`${hostile.agent_name} (openai:m" classname="x)`)}"`;
    expect(xml.split('<testcase ').length - 1).toBe(hostile.results.length + 1);
    expect(xml.split(expected).length - 1).toBe(hostile.results.length + 1);
  });
});
