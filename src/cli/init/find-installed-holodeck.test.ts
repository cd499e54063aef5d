import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { findInstalledHolodeck, schemaPathFrom } from './find-installed-holodeck.js';

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-find-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('findInstalledHolodeck', () => {
  it('finds node_modules/holodeck in the folder or any folder above, even one not created yet', async () => {
    const root = await tempDir();
    const pkg = join(root, 'node_modules', 'holodeck');
    await mkdir(pkg, { recursive: true });
    await writeFile(join(pkg, 'package.json'), '{"name":"holodeck"}');
    expect(findInstalledHolodeck(root)).toBe(pkg);
    expect(findInstalledHolodeck(join(root, 'evals', 'not-yet'))).toBe(pkg);
    expect(schemaPathFrom(root, pkg)).toBe('node_modules/holodeck/schema/agent.schema.json');
    expect(schemaPathFrom(join(root, 'evals', 'shop'), pkg)).toBe(
      '../../node_modules/holodeck/schema/agent.schema.json',
    );
  });

  it('returns null when no folder up to the root has it', async () => {
    const root = await tempDir();
    await mkdir(join(root, 'node_modules', 'holodeck'), { recursive: true }); // no package.json: not installed
    expect(findInstalledHolodeck(join(root, 'project'))).toBeNull();
  });
});
