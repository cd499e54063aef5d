/**
 * A turn that times out while its model request is out says how far the response came: no headers, headers
 * and then a body that stalled, or a body still arriving — against a server that does each, on 127.0.0.1.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: Server;
let url = '';
const open = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      open.add(response);
      if (body.includes('no-headers')) return;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"id":');
      if (body.includes('stalled-body')) return;
      // A byte every 100 ms, never the end.
      const trickle = setInterval(() => response.write(' '), 100);
      response.on('close', () => clearInterval(trickle));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of open) response.destroy();
  await new Promise((done) => server.close(done));
});

describe('a turn that times out while its request is out', () => {
  it('says whether the server sent no headers, stalled in its body, or was still sending', async () => {
    const cases = ['no-headers', 'stalled-body', 'trickle'].map((name) => `  - { name: ${name}, input: ${name} }`);
    const yaml = `name: stalls\n${modelBlock('openai', url)}\nexecution: { llm_timeout: 1.5, max_retries: 0 }\ntest_cases:\n${cases.join('\n')}\n`;
    const dir = await writeProject({ 'agent.yaml': yaml });
    const run = await runCli(['test', dir, '-j', '3', '--output', join(dir, 'report.json')]);
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    const errors = Object.fromEntries(report.results.map((result) => [result.test_name, result.errors.join(' | ')]));
    const to = `the model request to ${url}`;
    expect(errors['no-headers']).toMatch(
      new RegExp(`timed out after 1\\.5s.* — ${to} had no response headers 1\\.\\d s after it was sent`),
    );
    expect(errors['stalled-body']).toContain(`— the response to ${to} stalled: 6 bytes of its body came, the last 1.`);
    expect(errors['trickle']).toMatch(/— the response to .* was still arriving: \d+ bytes of its body in 1\.\d s/);
    for (const result of report.results) expect(result.status).toBe('error');
  });
});
