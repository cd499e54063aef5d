import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type FileToWrite, writeProjectFiles } from './write-project-files.js';

const FILES: readonly FileToWrite[] = [
  { path: 'agent.yaml', content: 'name: x\n' },
  { path: 'tools/calculator.ts', content: 'export {};\n' },
  { path: 'graders/deep/grade.ts', content: 'export {};\n' },
  { path: '.gitignore', content: 'results/\n' },
];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-init-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Every file under `dir`, relative, sorted. */
async function listing(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe('writeProjectFiles', () => {
  it('creates the folder and its sub-folders, and writes every file', async () => {
    const dir = join(await tempDir(), 'new', 'project');
    const outcome = await writeProjectFiles(dir, FILES);
    expect(outcome).toEqual({ kind: 'written', paths: FILES.map((file) => file.path), extended: new Map() });
    expect(await listing(dir)).toEqual(['.gitignore', 'agent.yaml', 'graders/deep/grade.ts', 'tools/calculator.ts']);
    expect(await readFile(join(dir, 'tools/calculator.ts'), 'utf8')).toBe('export {};\n');
  });

  it('writes into an existing folder that holds other files', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'tools'));
    await writeFile(join(dir, 'tools', 'other.ts'), 'keep');
    expect((await writeProjectFiles(dir, FILES)).kind).toBe('written');
    expect(await readFile(join(dir, 'tools', 'other.ts'), 'utf8')).toBe('keep');
  });

  it('writes nothing when any file exists, naming every one of them', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'tools'));
    await writeFile(join(dir, 'tools/calculator.ts'), 'mine');
    await writeFile(join(dir, '.gitignore'), 'mine too');
    const outcome = await writeProjectFiles(dir, FILES);
    expect(outcome).toEqual({ kind: 'exists', paths: ['tools/calculator.ts', '.gitignore'] });
    expect(await listing(dir)).toEqual(['.gitignore', 'tools/calculator.ts']);
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toBe('mine too');
  });

  it('keeps an existing file marked extend and adds the lines it lacks; changes nothing when another file is in the way', async () => {
    const files: FileToWrite[] = [
      { path: '.gitignore', content: '# runs\nresults/\nnode_modules/\n', extend: true },
      { path: 'agent.yaml', content: 'name: x\n' },
    ];
    const dir = await tempDir();
    await writeFile(join(dir, '.gitignore'), 'node_modules/\n.env');
    const outcome = await writeProjectFiles(dir, files);
    expect(outcome).toEqual({
      kind: 'written',
      paths: ['.gitignore', 'agent.yaml'],
      extended: new Map([['.gitignore', ['results/']]]),
    });
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toBe('node_modules/\n.env\nresults/\n');
    // Run again elsewhere with everything there: nothing is added.
    const again = await tempDir();
    await writeFile(join(again, '.gitignore'), 'results/\nnode_modules/\n');
    const unchanged = await writeProjectFiles(again, files);
    expect(unchanged.kind === 'written' && unchanged.extended.get('.gitignore')).toEqual([]);
    // The same patterns written without their slashes, or rooted, are there too.
    const bare = await tempDir();
    await writeFile(join(bare, '.gitignore'), '/results\nnode_modules\n');
    const sameAgain = await writeProjectFiles(bare, files);
    expect(sameAgain.kind === 'written' && sameAgain.extended.get('.gitignore')).toEqual([]);
    expect(await readFile(join(bare, '.gitignore'), 'utf8')).toBe('/results\nnode_modules\n');
    // Another file in the way: nothing is written, the existing file included.
    const failing = await tempDir();
    await writeFile(join(failing, '.gitignore'), 'dist/\n');
    const blocked: FileToWrite[] = [files[0]!, { path: 'agent.yaml/inner.yaml', content: 'x' }];
    await writeFile(join(failing, 'agent.yaml'), 'a file where a folder is needed');
    expect((await writeProjectFiles(failing, blocked)).kind).toBe('exists');
    expect(await readFile(join(failing, '.gitignore'), 'utf8')).toBe('dist/\n');
  });

  it('counts a folder in place of a file, and a file in place of a needed folder, as existing', async () => {
    const dir = await tempDir();
    await mkdir(join(dir, 'agent.yaml'));
    await writeFile(join(dir, 'graders'), 'a file');
    const outcome = await writeProjectFiles(dir, FILES);
    expect(outcome).toEqual({ kind: 'exists', paths: ['graders', 'agent.yaml'] });
    expect(await listing(dir)).toEqual(['graders']);
  });

  it('fails when the folder is a file', async () => {
    const file = join(await tempDir(), 'plain.txt');
    await writeFile(file, '');
    expect(await writeProjectFiles(file, FILES)).toEqual({
      kind: 'failed',
      message: `${file} is a file, not a folder`,
    });
  });

  it('fails when the folder cannot be created, leaving nothing behind', async () => {
    const base = await tempDir();
    await writeFile(join(base, 'plain.txt'), '');
    const outcome = await writeProjectFiles(join(base, 'plain.txt', 'project'), FILES);
    expect(outcome.kind).toBe('failed');
    expect(outcome).toEqual({
      kind: 'failed',
      message: `cannot write ${join(base, 'plain.txt', 'project')}: a part of the path is a file, not a folder; nothing was written`,
    });
    expect(await listing(base)).toEqual(['plain.txt']);
  });

  it('removes what it wrote when a later file cannot be written', async () => {
    const dir = await tempDir();
    // The same path twice: the second exclusive write fails after the first succeeded.
    const files = [...FILES, { path: 'agent.yaml', content: 'again' }];
    const outcome = await writeProjectFiles(dir, files);
    expect(outcome).toEqual({
      kind: 'failed',
      message: `cannot write ${join(dir, 'agent.yaml')}: already exists; nothing was written`,
    });
    expect(await listing(dir)).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });
});
