/**
 * Every field of the JSON report is documented twice: a description in schema/report.schema.json (from the zod
 * schema, src/records/report-schema.ts) and its name in the README's report sections ("Fields of the JSON
 * report", with "Repeats and flakiness" and "Cost" for the fields they explain). A new field without either
 * fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportJsonSchema } from '../../src/reporters/report-json-schema.js';
import { REPO_ROOT } from '../helpers/run-cli.js';

const README = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The text under a `## ` heading, up to the next one. */
function chapter(heading: string): string {
  const start = README.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`README has no heading "${heading}"`);
  const end = README.indexOf('\n## ', start + heading.length + 2);
  return README.slice(start, end === -1 ? undefined : end);
}

interface Property {
  readonly path: string;
  readonly name: string;
  readonly schema: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every property of every object in the schema (its $defs and the objects nested inline), with its path. */
function properties(node: unknown, path: string, found: Property[] = []): Property[] {
  if (Array.isArray(node)) {
    node.forEach((item, index) => {
      properties(item, `${path}[${index}]`, found);
    });
    return found;
  }
  if (!isObject(node)) return found;
  const props = node['properties'];
  if (isObject(props)) {
    for (const [name, schema] of Object.entries(props)) {
      if (isObject(schema)) found.push({ path: `${path}.${name}`, name, schema });
    }
  }
  for (const [key, value] of Object.entries(node)) properties(value, `${path}.${key}`, found);
  return found;
}

const FIELDS = properties(reportJsonSchema(), 'report');

describe('the JSON report documentation', () => {
  it('describes every field in schema/report.schema.json', () => {
    expect(FIELDS.length).toBeGreaterThan(100);
    const undescribed = FIELDS.filter(({ schema }) => typeof schema['description'] !== 'string');
    expect(undescribed.map(({ path }) => path)).toEqual([]);
  });

  it('names every field in the README', () => {
    const text = [chapter('## Reports and run records'), chapter('## Repeats and flakiness'), chapter('## Cost')].join(
      '\n',
    );
    // Fenced blocks (a JSON example) name fields too; inline code spans are read once the fences are out.
    const fences = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((match) => match[1] ?? '');
    const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
    const spans = [...prose.matchAll(/(`+)([^`]+?)\1/g)].map((match) => match[2] ?? '');
    const named = new Set([...fences, ...spans].flatMap((code) => code.match(/\w+/g) ?? []));
    const missing = [...new Set(FIELDS.map(({ name }) => name))].filter((name) => !named.has(name));
    expect(missing).toEqual([]);
  });
});
