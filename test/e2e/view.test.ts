/** `holodeck test view`: serves the stored runs of a config, and exports one run as a static HTML file. */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_PATH, REPO_ROOT, runCli } from '../helpers/run-cli.js';

async function sampleRun(): Promise<string> {
  const results = await mkdtemp(join(tmpdir(), 'holodeck-view-'));
  const run = await runCli([
    'test',
    'sample/financial-assistant/oracle.yaml',
    '-q',
    '--limit',
    '2',
    '--results-dir',
    results,
  ]);
  expect(run.code).toBe(0);
  return results;
}

describe('holodeck test view', () => {
  it('serves the runs of the results folder given with --results-dir', async () => {
    const results = await sampleRun();
    const child = spawn(
      process.execPath,
      [CLI_PATH, 'test', 'view', 'sample/financial-assistant', '--results-dir', results, '--port', '0'],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /holodeck dashboard: (http:\/\/127\.0\.0\.1:\d+\/)\s+\(runs from (.*?);/.exec(out);
          if (match) {
            expect(match[2]).toBe(results);
            resolve(match[1]!);
          }
        });
        child.on('exit', (code) => reject(new Error(`view exited early with ${code}`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<html/i);
      // The run's history is its config file (relative to where the dashboard runs) and its selection.
      const runs = (await (await fetch(new URL('/api/runs', url))).json()) as {
        runs: { group: { config_label: string; selection_label: string } }[];
        groups: unknown[];
      };
      expect(runs.runs[0]?.group).toMatchObject({
        config_label: 'sample/financial-assistant/oracle.yaml',
        selection_label: 'limit 2',
      });
      expect(runs.groups).toHaveLength(1);
    } finally {
      child.kill('SIGINT');
    }
  });

  it('exports the latest run as one self-contained HTML file', async () => {
    const results = await sampleRun();
    const out = join(results, 'report.html');
    const run = await runCli(['test', 'view', '--results-dir', results, '--export', out]);
    expect(run.code).toBe(0);
    const html = await readFile(out, 'utf8');
    expect(html).toMatch(/financial-assistant-oracle/);
    expect(html).not.toMatch(/<script[^>]+src=/);
    const nested = join(results, 'new', 'sub', 'report.html');
    expect((await runCli(['test', 'view', '--results-dir', results, '--export', nested])).code).toBe(0);
    expect(await readFile(nested, 'utf8')).toMatch(/financial-assistant-oracle/);
  });

  it('finds the runs where test puts them: execution.results_dir of the config, else HOLODECK_RESULTS_DIR', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-view-config-'));
    const agent = `${REPO_ROOT}sample/financial-assistant/agents/oracle.ts`;
    const yaml = (resultsDir: string) =>
      `name: where\nbackend: { module: "${agent}:createOracle" }\n${resultsDir}test_cases:\n  - { name: a, input: "what is 1?", ground_truth: "1" }\n`;
    await writeFile(join(dir, 'agent.yaml'), yaml('execution: { results_dir: runs/here }\n'));
    // The oracle answers every turn from its program: a case without one errors, which is all this needs.
    await runCli(['test', 'agent.yaml', '-q'], { cwd: dir });
    const fromYaml = await runCli(['test', 'view', 'agent.yaml', '--export', 'a.html'], { cwd: dir });
    expect(fromYaml.code, fromYaml.stderr).toBe(0);
    await writeFile(join(dir, 'plain.yaml'), yaml('').replace('name: where', 'name: where-env'));
    const env = { HOLODECK_RESULTS_DIR: join(dir, 'env-runs') };
    await runCli(['test', 'plain.yaml', '-q'], { cwd: dir, env });
    const fromEnv = await runCli(['test', 'view', 'plain.yaml', '--export', 'b.html'], { cwd: dir, env });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    expect(await readFile(join(dir, 'b.html'), 'utf8')).toMatch(/where-env/);
    // --run picks the run to export: alone it is a mistake, not a server.
    const runAlone = await runCli(['test', 'view', 'agent.yaml', '--run', 'where/x'], { cwd: dir, timeoutMs: 20_000 });
    expect(runAlone.code).toBe(2);
    expect(runAlone.stderr).toBe('error: --run names the run to export: give --export FILE with it\n');
    // A folder without agent.yaml is shown, but said; a config that is not valid YAML is an error, located.
    await mkdir(join(dir, 'empty'));
    const shown = await runCli(['test', 'view', 'empty', '--export', 'w.html'], { cwd: dir });
    expect(shown.stderr).toContain(
      `warning: there is no ${join(dir, 'empty', 'agent.yaml')}: showing the runs in ${join(dir, 'empty', 'results')}\n`,
    );
    await writeFile(join(dir, 'broken.yaml'), 'name: [unclosed\n');
    const broken = await runCli(['test', 'view', 'broken.yaml', '--export', 'w.html'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^1 configuration error:\n\nbroken\.yaml:\d+:\d+\n {2}YAML syntax error: /);
    // A config named that is not there is a mistake, not an empty dashboard.
    const missing = await runCli(['test', 'view', 'nope.yaml', '--export', 'c.html'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `error: no configuration at ${join(dir, 'nope.yaml')}: name the config whose runs to show, or give --results-dir\n`,
    );
  });

  it('finds the runs where execution.results_dir says, its variables filled as test fills them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-view-env-'));
    const agent = `${REPO_ROOT}sample/financial-assistant/agents/oracle.ts`;
    await writeFile(
      join(dir, 'a.yaml'),
      `name: gamma\nexecution: { results_dir: "\${VIEW_RESULTS:-runs-out}" }\nbackend: { module: "${agent}:createOracle" }\n` +
        'test_cases:\n  - { name: case-of-gamma, input: "what is 1?", ground_truth: "1" }\n',
    );
    // The case's verdict does not matter here, only that the run was recorded.
    expect((await runCli(['test', 'a.yaml', '-q'], { cwd: dir })).code).not.toBe(2);
    const exported = await runCli(['test', 'view', 'a.yaml', '--export', 'g.html'], { cwd: dir });
    expect(exported.code, exported.stderr).toBe(0);
    expect(await readFile(join(dir, 'g.html'), 'utf8')).toContain('case-of-gamma');
    const env = { VIEW_RESULTS: 'named-runs' };
    expect((await runCli(['test', 'a.yaml', '-q'], { cwd: dir, env })).code).not.toBe(2);
    expect(await readdir(join(dir, 'named-runs'))).toEqual(['gamma']);
    const named = await runCli(['test', 'view', 'a.yaml', '--export', 'n.html'], { cwd: dir, env });
    expect(named.code, named.stderr).toBe(0);
  });

  it("exports the named config's latest run, not another agent's in the same folder nor a record copied aside", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-view-two-'));
    const agent = `${REPO_ROOT}sample/financial-assistant/agents/oracle.ts`;
    const yaml = (name: string) =>
      `name: ${name}\nbackend: { module: "${agent}:createOracle" }\ntest_cases:\n  - { name: case-of-${name}, input: "what is 1?", ground_truth: "1" }\n`;
    await writeFile(join(dir, 'a.yaml'), yaml('alpha'));
    await writeFile(join(dir, 'b.yaml'), yaml('beta'));
    await runCli(['test', 'a.yaml', '-q'], { cwd: dir });
    await runCli(['test', 'b.yaml', '-q'], { cwd: dir });
    const exported = await runCli(['test', 'view', 'a.yaml', '--export', 'a.html'], { cwd: dir });
    expect(exported.code, exported.stderr).toBe(0);
    const html = await readFile(join(dir, 'a.html'), 'utf8');
    expect(html).toContain('case-of-alpha');
    expect(html).not.toContain('case-of-beta');
    // A copy under a name of one's own is newer on disk, but is not a run holodeck made: the export skips it.
    const [first] = await readdir(join(dir, 'results', 'alpha'));
    const copied = JSON.parse(await readFile(join(dir, 'results', 'alpha', first!), 'utf8')) as {
      report: { results: { test_name: string }[] };
    };
    copied.report.results[0]!.test_name = 'the-copy';
    await writeFile(join(dir, 'results', 'alpha', 'baseline.json'), JSON.stringify(copied));
    expect((await runCli(['test', 'view', 'a.yaml', '--export', 'c.html'], { cwd: dir })).code).toBe(0);
    expect(await readFile(join(dir, 'c.html'), 'utf8')).not.toContain('the-copy');
  });

  it('warns when it listens beyond this machine, and not on the default loopback address', async () => {
    const results = await sampleRun();
    const stderrOf = async (host: string[]) => {
      const child = spawn(
        process.execPath,
        [CLI_PATH, 'test', 'view', '--results-dir', results, '--port', '0', ...host],
        {
          cwd: REPO_ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => {
        err += chunk.toString();
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('holodeck dashboard:')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`view exited early with ${code}`)));
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      child.kill('SIGINT');
      return err;
    };
    expect(await stderrOf(['--host', '0.0.0.0'])).toContain(
      'warning: the dashboard listens on 0.0.0.0, not only this machine: whoever can reach it can read the run records',
    );
    expect(await stderrOf([])).not.toContain('warning');
  });

  it('refuses an export place that cannot be written, at once (exit 2)', async () => {
    const results = await sampleRun();
    const proc = await runCli(['test', 'view', '--results-dir', results, '--export', '/proc/holodeck-no-such/r.html'], {
      timeoutMs: 20_000,
    });
    expect(proc.code).toBe(2);
    expect(proc.stderr).toBe(
      'error: cannot write reports into /proc/holodeck-no-such: the folder cannot be created there\n',
    );
    const folderPath = join(results, 'pages.html');
    await mkdir(folderPath);
    const folder = await runCli(['test', 'view', '--results-dir', results, '--export', folderPath]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toBe(`error: cannot write the report ${folderPath}: it is a folder\n`);
    // An HTML page only: not over agent.yaml, a record or a module, and not an empty name (which would serve).
    const config = join(results, 'agent.yaml');
    await writeFile(config, 'name: kept\n');
    for (const name of [config, join(results, 'run.json'), '']) {
      const refused = await runCli(['test', 'view', '--results-dir', results, '--export', name], { timeoutMs: 20_000 });
      expect(refused.code, name).toBe(2);
      expect(refused.stderr).toBe(
        `error: --export writes an HTML page: name its file .html (got ${JSON.stringify(name)})\n`,
      );
    }
    expect(await readFile(config, 'utf8')).toBe('name: kept\n');
  });

  it('exits 3 with the reason when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = await runCli(['test', 'view', '--port', String(port)], { timeoutMs: 20_000 });
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/EADDRINUSE.* — another process listens there: choose another port with --port\n$/);
    } finally {
      blocker.close();
    }
  });
});
