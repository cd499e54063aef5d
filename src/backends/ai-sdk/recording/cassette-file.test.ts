import { execFileSync } from 'node:child_process';
import { chmod, lstat, mkdtemp, open, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../core/canonical-json.js';
import { type CassetteEntry, formatCassette, parseCassette, readCassette, writeCassette } from './cassette-file.js';
import type { RecordedRequest } from './normalize-request.js';
import { requestKey } from './request-key.js';

function entry(question: string, occurrence = 0): CassetteEntry {
  const request: RecordedRequest = {
    provider: 'openai.chat',
    model: 'gpt-4o-mini',
    messages: [{ role: 'user', content: [{ type: 'text', text: question }] }],
    parameters: { temperature: 0 },
  };
  return {
    key: requestKey(request),
    occurrence,
    request,
    response: {
      content: [{ type: 'text', text: `answer to ${question}` }],
      finishReason: { unified: 'stop' },
      usage: { inputTokens: { total: 10, noCache: 10 }, outputTokens: { total: 3 } },
    },
    latency_ms: 120,
  };
}

describe('cassette files', () => {
  it('keep the permissions of the cassette they replace', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-cassette-'));
    const path = join(dir, 'run.cassette.jsonl');
    await writeCassette(path, [entry('a')]);
    await chmod(path, 0o600);
    await writeCassette(path, [entry('a'), entry('b')]);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    await rm(dir, { recursive: true, force: true });
  });

  it('are written sorted by key then occurrence, one canonical line each, and read back the same', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-cassette-'));
    const path = join(dir, 'run.cassette.jsonl');
    const entries = [entry('b'), entry('a', 1), entry('a', 0), entry('c')];
    await writeCassette(path, entries);
    const text = await readFile(path, 'utf8');
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    const keys = lines.map((line) => [JSON.parse(line).key, JSON.parse(line).occurrence]);
    expect(keys).toEqual([...keys].sort((x, y) => (x[0] === y[0] ? x[1] - y[1] : x[0] < y[0] ? -1 : 1)));
    expect(lines[0]).toMatch(/^\{"key":"[0-9a-f]{32}","latency_ms":120,"occurrence":\d,"request":\{"messages"/);
    // The same entries in another order give the same file.
    expect(formatCassette([...entries].reverse())).toBe(text);
    expect(await readCassette(path)).toEqual(parseCassette(text, path));
    expect((await readCassette(path)).map((e) => e.latency_ms)).toEqual([120, 120, 120, 120]);
    // A byte order mark an editor put first is no part of the first line.
    expect(parseCassette(`\uFEFF${text}`, path)).toEqual(parseCassette(text, path));
  });

  it('a cassette holding no request is refused: a replay of it could answer nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-cassette-'));
    for (const text of ['', '\n\n', '\uFEFF\r\n']) {
      await writeFile(join(dir, 'empty.jsonl'), text);
      await expect(readCassette(join(dir, 'empty.jsonl'), 'empty.jsonl')).rejects.toThrow(
        'the cassette empty.jsonl holds no recorded requests: record it with --record first',
      );
    }
  });

  it('a cassette larger than the longest string (512 MB) is read, a line at a time', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-cassette-'));
    const path = join(dir, 'big.jsonl');
    // 540 MB of blank lines (spaces) around two recorded requests, one with Windows line ends.
    const blank = Buffer.alloc(90 * 1_048_576, 0x20);
    const handle = await open(path, 'w');
    try {
      await handle.write(`${canonicalJson(entry('a'))}\r\n`);
      for (let i = 0; i < 6; i += 1) await handle.write(Buffer.concat([blank, Buffer.from('\n')]));
      await handle.write(canonicalJson(entry('b')));
    } finally {
      await handle.close();
    }
    expect((await readCassette(path, 'big.jsonl')).map((read) => read.key)).toEqual([entry('a').key, entry('b').key]);
    await rm(path);
  }, 60_000);

  it('a missing file is an error naming it', async () => {
    await expect(readCassette('/nonexistent/run.cassette.jsonl', 'run.cassette.jsonl')).rejects.toThrow(
      'cannot read the cassette run.cassette.jsonl: no such file',
    );
  });

  it.each([
    ['not JSON', '{"key": oops', 'c.jsonl:2: not valid JSON'],
    ['a list', '[1]', 'c.jsonl:2: expected an object {key, occurrence, request, response, latency_ms}'],
    ['no occurrence', 'occurrence', 'c.jsonl:2: "occurrence" must be a whole number >= 0'],
    ['no response', 'response', 'c.jsonl:2: "response" must be an object with "content" (a list)'],
    ['a negative latency', 'latency', 'c.jsonl:2: "latency_ms" must be a number >= 0'],
    ['an edited request', 'request', 'c.jsonl:2: "key" '],
    ['no usage', 'usage', 'c.jsonl:2: "response.usage" must hold "inputTokens" and "outputTokens"'],
    ['a text token count', 'count', 'c.jsonl:2: "response.usage" must hold'],
    ['no finish reason', 'finish', 'c.jsonl:2: "response.finishReason" must be an object with "unified"'],
    ['a latency of 1e300', 'huge', 'c.jsonl:2: "latency_ms" must be a number >= 0 (ms, at most 2147483647)'],
    [
      'a token count of 1e308',
      'inexact',
      `c.jsonl:2: "response.usage" must hold "inputTokens" and "outputTokens", objects of whole numbers >= 0 (at most ${Number.MAX_SAFE_INTEGER})`,
    ],
  ])('a line with %s is an error naming file:line', (_what, change, message) => {
    const good = canonicalJson(entry('a'));
    const bad = entry('b') as unknown as Record<string, unknown>;
    let line: string;
    if (change === 'occurrence') line = canonicalJson({ ...bad, occurrence: -1 });
    else if (change === 'response') line = canonicalJson({ ...bad, response: 'text' });
    else if (change === 'latency') line = canonicalJson({ ...bad, latency_ms: -5 });
    else if (change === 'request') line = canonicalJson({ ...bad, request: entry('edited').request });
    else if (change === 'huge') line = canonicalJson({ ...bad, latency_ms: 1e300 });
    else if (change === 'usage' || change === 'count' || change === 'finish' || change === 'inexact') {
      const response = { ...(bad['response'] as Record<string, unknown>) };
      if (change === 'usage') delete response['usage'];
      if (change === 'count') response['usage'] = { inputTokens: { total: '-20' }, outputTokens: { total: 3 } };
      if (change === 'inexact') response['usage'] = { inputTokens: { total: 1e308 }, outputTokens: { total: 3 } };
      if (change === 'finish') delete response['finishReason'];
      line = canonicalJson({ ...bad, response });
    } else line = change;
    expect(() => parseCassette(`${good}\n${line}\n`, 'c.jsonl')).toThrow(message);
  });

  it('the same occurrence of a request twice is an error, blank lines are not', async () => {
    const line = canonicalJson(entry('a'));
    expect(parseCassette(`\n${line}\n\n`, 'c.jsonl')).toHaveLength(1);
    expect(() => parseCassette(`${line}\n${line}\n`, 'c.jsonl')).toThrow(
      /c\.jsonl:2: occurrence 0 of request \w+ is recorded twice/,
    );
  });

  it('a cassette that cannot be written is an error naming it, and no file is left half written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-cassette-'));
    await writeFile(join(dir, 'file'), '');
    await expect(writeCassette(join(dir, 'file', 'run.jsonl'), [entry('a')])).rejects.toThrow(
      `cannot write the cassette ${join(dir, 'file', 'run.jsonl')}`,
    );
  });

  it('is written through a symbolic link to the file it points to, keeping the link', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-cassette-'));
    await writeFile(join(dir, 'real.jsonl'), '');
    await symlink(join(dir, 'real.jsonl'), join(dir, 'link.jsonl'));
    await writeCassette(join(dir, 'link.jsonl'), [entry('a')]);
    expect((await lstat(join(dir, 'link.jsonl'))).isSymbolicLink()).toBe(true);
    expect(await readCassette(join(dir, 'real.jsonl'))).toHaveLength(1);
    expect((await readdir(dir)).sort()).toEqual(['link.jsonl', 'real.jsonl']);
  });

  it('refuses to read a device or a named pipe, at once, naming what it is', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-cassette-'));
    execFileSync('mkfifo', [join(dir, 'pipe')]);
    await expect(readCassette('/dev/zero')).rejects.toThrow(
      'cannot read the cassette /dev/zero: it is a device, not a file',
    );
    await expect(readCassette(join(dir, 'pipe'), 'pipe')).rejects.toThrow(
      'cannot read the cassette pipe: it is a named pipe (FIFO), not a file',
    );
  });
});
