import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentSlug, fileTimestamp, partialPathOf, reserveRecordPaths } from './run-record-path.js';

describe('run record paths', () => {
  it.each([
    ['financial-assistant', 'financial-assistant'],
    ['Financial Assistant (v2)', 'financial-assistant-v2'],
    ['Café_Agent!!', 'cafe-agent'],
    ['../../etc/passwd', 'etc-passwd'],
    ['Évil Ägent', 'evil-agent'],
    ['ﬁnance', 'finance'],
    ['日本語', 'agent-77710aed'],
    ['Ωμέγα', 'agent-59b35e54'],
    ['Straße', 'stra-e-58a3778c'],
    ['', 'agent'],
    [`${'a'.repeat(63)}-b`, 'a'.repeat(63)],
  ])('slug of %j is %j', (name, slug) => {
    expect(agentSlug(name)).toBe(slug);
  });

  it('keeps names apart that differ only in letters outside a–z', () => {
    const slugs = ['日本語', '中文', 'Ωμέγα', 'Ωμέγα 2', 'Straße', 'Strase'].map(agentSlug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('uses a timestamp that is safe in file names', () => {
    expect(fileTimestamp(new Date('2026-12-02T12:30:05.123Z'))).toBe('2026-12-02T12-30-05-123Z');
    expect(partialPathOf('/r/a/x.json')).toBe('/r/a/x.partial.jsonl');
  });

  it('skips names already taken by a finished record', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-paths-'));
    try {
      const started = new Date('2026-12-02T12:30:05.123Z');
      const first = await reserveRecordPaths(dir, 'a', started);
      await writeFile(first.record, '{}');
      await rm(first.partial);
      const second = await reserveRecordPaths(dir, 'a', started);
      expect(second.record).toBe(join(dir, 'a', '2026-12-02T12-30-05-123Z-2.json'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
