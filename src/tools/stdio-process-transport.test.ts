import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRunning } from '../../test/helpers/is-running.js';
import { until } from '../../test/helpers/until.js';
import { StdioProcessTransport } from './stdio-process-transport.js';

describe('StdioProcessTransport', () => {
  it('ends what a server started when the server ends on its own (a crash), without waiting for close()', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'holodeck-stdio-'));
    const pidFile = join(dir, 'child.pid');
    const transport = new StdioProcessTransport({
      command: 'sh',
      args: ['-c', `sleep 1000 & echo $! > '${pidFile}'; sleep 0.3; exit 3`],
      env: {},
      cwd: null,
      max_message_bytes: 1024,
      on_oversize: () => {},
    });
    await transport.start();
    await new Promise((resolve) => transport.child?.once('exit', resolve));
    const orphan = Number(await readFile(pidFile, 'utf8'));
    expect(orphan).toBeGreaterThan(0);
    expect(await until(() => !isRunning(orphan), 3_000)).toBe(true);
  });
});
