/** Helpers for the `holodeck init` end-to-end test: the files it writes, a fake shop model, snapshots, tsc. */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { answer, callTools, type FakeReply, type FakeRequest } from '../fakes/fake-script.js';

export const INIT_PROJECT_FILES = [
  'agent.yaml',
  'instructions.md',
  'tools/calculator.ts',
  'tools/prices.ts',
  'graders/uses-tool-result.ts',
  '.gitignore',
];

/** The fake shop model: looks the laptop up, then subtracts the voucher (`voucher` is what it subtracts). */
export function shopScript(voucher: number) {
  return (request: FakeRequest): FakeReply => {
    const lastUser = request.messages.findLastIndex((m) => m.role === 'user');
    const question = request.messages[lastUser];
    const toolResult = request.messages.slice(lastUser).find((m) => m.role === 'tool');
    const text = question?.role === 'user' ? question.text : '';
    if (toolResult === undefined) {
      return text.includes('voucher')
        ? callTools({ name: 'calculator', args: { operation: 'subtract', a: 1250, b: voucher } })
        : callTools({ name: 'lookup_price', args: { item: 'Laptop' } });
    }
    const amount = Number(toolResult.content).toLocaleString('en-US');
    return answer(text.includes('voucher') ? `You pay $${amount} after the voucher.` : `The laptop costs $${amount}.`);
  };
}

/** Every file under `dir` (but node_modules) with its content and modification time. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || path.includes('node_modules')) continue;
    out[path.slice(dir.length + 1)] = `${(await stat(path)).mtimeMs} ${await readFile(path, 'utf8')}`;
  }
  return out;
}

export function typeErrors(dir: string, files: readonly string[]): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
    skipLibCheck: true,
  };
  const program = ts.createProgram(
    files.map((file) => join(dir, file)),
    options,
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}
