/**
 * The README cannot drift from the product: every command has a section, every option of every command is
 * in that command's table, every key of the configuration's JSON Schemas and every HOLODECK_* variable is in
 * the configuration reference. A new option or key without documentation fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXECUTION_ENV } from '../../src/config/build-execution.js';
import { REPO_ROOT, runCli } from '../helpers/run-cli.js';

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The text under a heading, up to the next heading of the same or a higher level. */
function section(heading: string): string {
  const lines = README.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start === -1) throw new Error(`README has no heading "${heading}"`);
  const level = /^#+/.exec(heading)?.[0].length ?? 0;
  const end = lines.findIndex(
    (line, i) => i > start && /^#+ /.test(line) && (/^#+/.exec(line)?.[0].length ?? 0) <= level,
  );
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** Long option names of a command, from its --help (help and version excluded). */
async function optionsOf(command: readonly string[]): Promise<string[]> {
  const help = await runCli([...command, '--help']);
  expect(help.code, help.stderr).toBe(0);
  const options = help.stdout.split('Options:')[1]?.split(/\n\S/)[0] ?? '';
  const flags = [...options.matchAll(/^ {2}(?:-\w, )?(--[a-z][\w-]*)/gm)].map((match) => match[1] as string);
  return flags.filter((flag) => flag !== '--help' && flag !== '--version');
}

async function commandsOf(command: readonly string[]): Promise<string[]> {
  const help = await runCli([...command, '--help']);
  const list = help.stdout.split('Commands:')[1] ?? '';
  return [...list.matchAll(/^ {2}([a-z][\w-]*)/gm)]
    .map((match) => match[1] as string)
    .filter((name) => name !== 'help');
}

/** Every property name anywhere in a JSON Schema. */
function schemaKeys(schema: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) schemaKeys(item, keys);
  } else if (schema !== null && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value !== null && typeof value === 'object') {
        for (const name of Object.keys(value)) keys.add(name);
      }
      schemaKeys(value, keys);
    }
  }
  return keys;
}

describe('the README documents', () => {
  it('every command, each in its own section, with every option in its table', async () => {
    const top = await commandsOf([]);
    const commands = [...top.map((name) => [name]), ...(await commandsOf(['test'])).map((name) => ['test', name])];
    expect(commands.map((c) => c.join(' '))).toEqual(expect.arrayContaining(['test', 'validate', 'test view']));
    const missing: string[] = [];
    for (const command of commands) {
      const text = section(`### \`holodeck ${command.join(' ')}\``);
      for (const flag of await optionsOf(command)) {
        if (!new RegExp(`^\\| \`(?:-\\w, )?${flag}\\b`, 'm').test(text))
          missing.push(`holodeck ${command.join(' ')} ${flag}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every key of the configuration schemas in the configuration reference', () => {
    const reference = section('## Configuration reference');
    const missing: string[] = [];
    for (const file of ['agent.schema.json', 'test-cases.schema.json']) {
      const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'schema', file), 'utf8')) as unknown;
      for (const key of schemaKeys(schema)) {
        if (!reference.includes(`\`${key}\``) && !new RegExp(`\\b${key}:`).test(reference))
          missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every HOLODECK_* environment variable', () => {
    const missing = Object.values(EXECUTION_ENV)
      .flat()
      .filter((name) => !README.includes(name));
    expect(missing).toEqual([]);
  });

  it('every exit code the CLI uses', async () => {
    const { EXIT } = await import('../../src/cli/exit-codes.js');
    const codes = section('### Exit codes');
    for (const code of Object.values(EXIT)) expect(codes).toMatch(new RegExp(`\\| \`${code}\` \\|`));
  });
});
