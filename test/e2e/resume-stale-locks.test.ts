/**
 * `--resume` of a crashed run whose lock lies, through the built CLI against a fake OpenAI server: a lock whose
 * process id now belongs to another live process (once its heartbeat stopped), and a lock of another machine whose run has written nothing for
 * long, no longer keep the run from being resumed; a lock of another machine whose run wrote lately is refused,
 * saying how to override it.
 */
import { spawn } from 'node:child_process';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { crashAfter, ranCases, useHistoryServer, writeHistoryProject } from './history-project.js';

const fake = useHistoryServer();

/** A project whose run was killed after c1 finished, the question of c2 unanswered till then; the lock's path. */
async function crashed(): Promise<{ dir: string; lock: string }> {
  const dir = await writeHistoryProject(fake.server.url);
  fake.hang.add('q2');
  const log = await crashAfter(dir, 1);
  fake.hang.clear();
  return { dir, lock: log.replace(/\.partial\.jsonl$/, '.lock') };
}

describe('--resume and stale locks', () => {
  it.runIf(process.platform === 'linux')(
    'resumes a crashed run whose process id now belongs to another live process',
    async () => {
      const { dir, lock } = await crashed();
      const other = spawn('sleep', ['60']);
      onTestFinished(() => void other.kill('SIGKILL'));
      const written = JSON.parse(await readFile(lock, 'utf8')) as { pid: number; host: string; start?: string };
      expect(written.start).toMatch(/^\d+$/);
      // Written in this PID namespace, the lock is judged by its process, touched lately or not: a process id
      // now another process's (another start) is no run.
      await writeFile(lock, JSON.stringify({ ...written, pid: other.pid }));
      const reused = await ranCases(dir, ['--resume']);
      expect(reused.stderr).not.toContain('still going');
      expect([reused.code, reused.names]).toEqual([0, ['c1', 'c2', 'c3']]);
      // A lock of another PID namespace (another container) touched lately counts whatever its process id says.
      const again = await crashed();
      const other2 = JSON.parse(await readFile(again.lock, 'utf8')) as Record<string, unknown>;
      await writeFile(again.lock, JSON.stringify({ ...other2, pid: other.pid, ns: 'pid:[1]' }));
      const refused = await runCli(['test', 'agent.yaml', '--resume'], { cwd: again.dir });
      expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('the run is still going')]);
      // Its heartbeat stopped three minutes ago: the run crashed.
      const stopped = new Date(Date.now() - 3 * 60_000);
      await utimes(again.lock, stopped, stopped);
      const resumed = await ranCases(again.dir, ['--resume']);
      expect(resumed.stderr).not.toContain('still going');
      expect([resumed.code, resumed.names]).toEqual([0, ['c1', 'c2', 'c3']]);
    },
  );

  it("refuses another machine's lock while its run wrote lately, saying how to override; resumes once stale", async () => {
    const { dir, lock } = await crashed();
    await writeFile(lock, JSON.stringify({ pid: 4242, host: 'ci-runner-7' }));
    const refused = await runCli(['test', 'agent.yaml', '--resume'], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^error: the run may still be going: its lock \S+\.lock names holodeck process 4242 on ci-runner-7, which cannot be asked from here, and the run last wrote \S+ ago \(a lock of another machine counts until its run has written nothing for 10m 00s\): let it finish; if it is not running any more .*, delete \S+\.lock and resume again\n$/,
    );
    const longAgo = new Date(Date.now() - 25 * 60_000);
    await utimes(lock, longAgo, longAgo);
    await utimes(lock.replace(/\.lock$/, '.partial.jsonl'), longAgo, longAgo);
    const resumed = await ranCases(dir, ['--resume']);
    expect(resumed.stderr).toMatch(
      /the run's lock named holodeck process 4242 on ci-runner-7, but the run has written nothing for 25m 0\ds \(a lock of another machine counts for 10m 00s after its run last wrote\): it is taken as stopped/,
    );
    expect([resumed.code, resumed.names]).toEqual([0, ['c1', 'c2', 'c3']]);
  });
});
