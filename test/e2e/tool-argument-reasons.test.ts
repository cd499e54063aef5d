/**
 * What a failed tool assertion says, through the built CLI and the real OpenAI client: every asserted argument
 * that differs or is missing, where long arguments differ (within the first characters of the console and
 * Markdown lines, with both values whole in the JSON), and a call with an empty tool name. And what `validate`
 * refuses in `args` and `count`: a `__proto__` key, an integer that lost digits, a count of 0 said once, a count
 * past the safe integers said to be too large. And a `__proto__` argument the model sends, kept in the report.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/core/results.js';
import { lastUserText, toolResultsSinceLastUser } from '../fakes/fake-request-view.js';
import { answer, type FakeScript } from '../fakes/fake-script.js';
import { type FakeModelServer, startFakeModelServer } from '../fakes/start-fake-model-server.js';
import { runCli } from '../helpers/run-cli.js';
import { modelBlock, writeProject } from './e2e-project.js';

let server: FakeModelServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const TOOLS = `export const echo = {
  description: 'Echoes its arguments',
  parameters: { type: 'object', properties: {}, additionalProperties: true },
  execute: (args) => ({ got: args }),
};
`;

/** `{ key0: "value number 0", …, key39: "value number 39" }`, about 800 characters as JSON. */
function bigObject(last = 'value number 39'): Record<string, string> {
  const object: Record<string, string> = {};
  for (let i = 0; i < 40; i++) object[`key${i}`] = i === 39 ? last : `value number ${i}`;
  return object;
}

const CALLS: Readonly<Record<string, { name: string; args: Record<string, unknown> }>> = {
  several: { name: 'echo', args: { a: 9, b: 2 } },
  big: { name: 'echo', args: { a: bigObject() } },
  text: { name: 'echo', args: { a: `${'x'.repeat(299)}A` } },
  nameless: { name: '', args: {} },
  // A key JSON allows and a plain object cannot hold by assignment.
  proto: { name: 'echo', args: JSON.parse('{"__proto__":{"x":1},"y":2}') as Record<string, unknown> },
};

const script: FakeScript = (request) => {
  if (toolResultsSinceLastUser(request).length > 0) return answer('done');
  const planned = CALLS[lastUserText(request)];
  return planned === undefined ? answer('done') : { kind: 'answer', tool_calls: [planned] };
};

function agentYaml(url: string): string {
  return `name: tool-reasons
${modelBlock('openai', url)}
instructions: { inline: "Use the tools." }
tools:
  - { name: echo, type: function, file: tools.mjs, function: echo }
test_cases:
  - { name: several, input: several, expected_tools: [{ name: echo, args: { a: 1, b: 2, c: 3 } }] }
  - { name: big, input: big, expected_tools: [{ name: echo, args: { a: ${JSON.stringify(bigObject('value number 39!'))} } }] }
  - { name: text, input: text, expected_tools: [{ name: echo, args: { a: "${'x'.repeat(299)}B" } }] }
  - { name: nameless, input: nameless, expected_tools: [echo] }
  - { name: proto, input: proto, expected_tools: [{ name: echo, args: { y: 2 } }] }
`;
}

describe('tool assertion reasons, end to end', () => {
  it('names every differing argument, and where long ones differ within the first line', async () => {
    server = await startFakeModelServer(script);
    const dir = await writeProject({ 'tools.mjs': TOOLS, 'agent.yaml': agentYaml(server.url) });
    const run = await runCli(['test', 'agent.yaml', '--output', 'report.json', '--output', 'report.md'], { cwd: dir });
    expect(run.code).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunReport;
    const reasons = report.results.map((result) => result.arg_match_details?.[0]?.reason ?? null);

    expect(reasons[0]).toBe("arg 'a' mismatch: expected 1, got 9; arg 'c' missing");
    const keyHead = `arg 'a' mismatch at a.key39: expected "value number 39!", got "value number 39"`;
    expect(reasons[1]?.startsWith(keyHead)).toBe(true);
    expect(reasons[1]).toContain(`got ${JSON.stringify(bigObject())}`);
    const textHead = `arg 'a' mismatch at character 300: expected "…${'x'.repeat(20)}B", got "…${'x'.repeat(20)}A"`;
    expect(reasons[2]?.startsWith(textHead)).toBe(true);
    expect(reasons[3]).toBe(
      "tool 'echo' was not called (called a tool with an empty name, which is no tool of the agent's)",
    );
    // The model's `__proto__` argument reaches the tool and the report as a key.
    expect(report.results[4]?.passed).toBe(true);
    expect(JSON.stringify(report.results[4]?.tool_invocations[0]?.args)).toBe('{"__proto__":{"x":1},"y":2}');
    expect(JSON.stringify(report.results[4]?.tool_invocations[0]?.result)).toBe('{"got":{"__proto__":{"x":1},"y":2}}');

    // The console's Failures section and case lines, and the Markdown summary, cut long reasons: what differs
    // comes first.
    const failures = run.stdout.slice(run.stdout.indexOf('Failures'));
    expect(failures).toContain("echo(a=1, b=2, c=3) — arg 'a' mismatch: expected 1, got 9; arg 'c' missing");
    expect(failures).toContain(`echo(a={"key0":"value number 0","key1":"value n…) — ${keyHead}`);
    expect(failures).toContain(`echo(a="${'x'.repeat(39)}…) — ${textHead}`);
    const caseLine = run.stdout.split('\n').find((line) => line.startsWith('✗ big'));
    expect(caseLine).toContain(keyHead);
    const markdown = await readFile(join(dir, 'report.md'), 'utf8');
    expect(markdown).toContain('arg \'a\' mismatch at a.key39: expected "value number 39!"');
  });
});

const HEAD = `name: refused
model: { provider: openai, name: gpt-4o-mini, endpoint: http://127.0.0.1:9/v1, api_key: sk-test-000000000000 }
instructions: { inline: "x" }
tools:
  - { name: echo, type: function, file: tools.mjs, function: echo }
test_cases:
  - name: c0
    input: a
    expected_tools:
`;

describe('tool assertion args and count refused at load', () => {
  it('refuses __proto__ keys and integers that lost digits, and says each count problem once and plainly', async () => {
    const dir = await writeProject({
      'tools.mjs': TOOLS,
      'agent.yaml': `${HEAD}      - { name: echo, args: { __proto__: { x: 1 } } }
      - { name: echo, args: { a: 9007199254740993 } }
      - { name: echo, count: 0 }
      - { name: echo, count: 99999999999999999999 }
`,
    });
    const run = await runCli(['validate', 'agent.yaml'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'agent.yaml:10:31  test_cases[0] "c0" › expected_tools[0].args.__proto__\n' +
        '  `__proto__` cannot be a key in args: it would be dropped unchecked',
    );
    expect(run.stderr).toContain(
      'agent.yaml:11:34  test_cases[0] "c0" › expected_tools[1].args.a\n' +
        '  a number too large to keep exactly (it has lost digits)',
    );
    expect(run.stderr).toContain('expected_tools[2].count\n  count must be a whole number >= 1, got 0');
    expect(run.stderr).not.toContain('no call may match');
    expect(run.stderr).toContain(
      'expected_tools[3].count\n  too large: beyond the safe integer range (at most 9007199254740991), got 100000000000000000000',
    );
    expect(run.stderr).toContain('4 configuration errors');
  });
});
