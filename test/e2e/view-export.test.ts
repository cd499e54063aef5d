/** `holodeck test view --export`: where it refuses to write, and the exit code of each failure. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../helpers/run-cli.js';
import { singleCase } from '../support/dashboard/sample-results.js';
import { writeRun } from '../support/dashboard/write-records.js';

/** A project folder with one recorded run in results/. */
async function project(): Promise<{ dir: string; results: string; id: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-view-export-'));
  const results = join(dir, 'results');
  const id = await writeRun(results, { startedAt: '2026-12-01T09:00:00Z', results: [singleCase('a', true)] });
  return { dir, results, id };
}

describe('holodeck test view --export', () => {
  it('exits 2 for a run that cannot be found, and 3 for a report that cannot be written', async () => {
    const { dir, results } = await project();
    const missing = await runCli(
      ['test', 'view', '--results-dir', results, '--export', 'r.html', '--run', 'financial-assistant/2020'],
      { cwd: dir },
    );
    expect(missing.code, missing.stderr).toBe(2);
    expect(missing.stderr).toMatch(/^error: no run financial-assistant\/2020 in the results folder /);
    if (!existsSync('/dev/full')) return;
    // A device that takes no byte: the place is fine, the writing fails.
    await symlink('/dev/full', join(dir, 'full.html'));
    const full = await runCli(['test', 'view', '--results-dir', results, '--export', 'full.html'], { cwd: dir });
    expect(full.code, full.stderr).toBe(3);
    expect(full.stderr).toMatch(/^error: cannot write the report full\.html: .*ENOSPC/);
  });

  it('refuses to write over a file the config reads, also through a symbolic link, as --output does', async () => {
    const { dir } = await project();
    const config = 'name: financial-assistant\ntest_cases:\n  - { name: a, input: hi, files: [page.html] }\n';
    await writeFile(join(dir, 'agent.yaml'), config);
    await writeFile(join(dir, 'tools.ts'), 'export const x = 1;\n');
    await writeFile(join(dir, 'page.html'), '<p>attached</p>\n');
    await symlink('agent.yaml', join(dir, 'report.html'));
    await symlink('tools.ts', join(dir, 'tools.html'));
    const refused = async (args: string[]) => {
      const run = await runCli(['test', 'view', ...args], { cwd: dir });
      expect(run.code, run.stderr).toBe(2);
      return run.stderr;
    };
    expect(await refused(['--export', 'report.html'])).toBe(
      `error: cannot write the report report.html: it is ${join(dir, 'agent.yaml')}, which the run reads — choose another file name\n`,
    );
    expect(await refused(['--export', 'tools.html'])).toBe(
      `error: cannot write the report tools.html: it is a symbolic link to ${join(dir, 'tools.ts')}, which is not an HTML page — choose another file name\n`,
    );
    expect(await refused(['--export', 'page.html'])).toBe(
      `error: cannot write the report page.html: it is ${join(dir, 'page.html')}, which the run reads — choose another file name\n`,
    );
    expect(await readFile(join(dir, 'agent.yaml'), 'utf8')).toBe(config);
    expect(await readFile(join(dir, 'page.html'), 'utf8')).toBe('<p>attached</p>\n');
    expect((await runCli(['test', 'view', '--export', 'out.html'], { cwd: dir })).code).toBe(0);
  });

  it('reports a config whose results folder cannot be known, located, instead of showing another folder', async () => {
    const { dir } = await project();
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a ${VAR} reference, written as agent.yaml holds it
    await writeFile(join(dir, 'agent.yaml'), 'name: financial-assistant\nexecution:\n  results_dir: ${NOPE}/runs\n');
    const unset = await runCli(['test', 'view', '--export', 'r.html'], { cwd: dir, env: { NOPE: undefined } });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the hint quotes the ${VAR:-default} syntax
      '1 configuration error:\n\nagent.yaml:3:16  execution.results_dir\n  environment variable `NOPE` is not set — set it, or give a default: ${NOPE:-value}\n\n',
    );
    // Given the folder, the config is not needed to find the runs.
    const given = await runCli(['test', 'view', '--results-dir', 'results', '--export', 'r.html'], { cwd: dir });
    expect(given.code, given.stderr).toBe(0);
    const missing = await runCli(['test', 'view', '--results-dir', 'nowhere', '--export', 'r.html'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `error: the results folder ${join(dir, 'nowhere')} does not exist: there is no run to export (give --results-dir the folder holodeck test wrote its runs to)\n`,
    );
  });

  it('serves a results folder not made yet, with a note saying so', async () => {
    const { dir } = await project();
    const child = spawn(process.execPath, [CLI_PATH, 'test', 'view', '--results-dir', 'later', '--port', '0'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('holodeck dashboard:')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`view exited early with ${code}: ${err}`)));
      });
    } finally {
      const closed = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGINT');
      // Ctrl-C stops the dashboard as it interrupts every command: exit 130.
      expect(await closed).toBe(130);
    }
    expect(err).toBe(
      `note: the results folder ${join(dir, 'later')} does not exist yet: its runs show as they are written\n`,
    );
  });
});
