import { describe, expect, it } from 'vitest';
import { expectConfig, formattedIssues, loadYaml } from '../../test/support/config/fixtures/config-tree.js';

const HEAD = 'name: a\nmodel: { provider: ollama, name: m }\n';
const CASES = 'test_cases: [{ name: t, input: q }]\n';

async function text(execution: string): Promise<string> {
  return formattedIssues(await loadYaml(`${HEAD}execution:\n${execution}${CASES}`)).join('\n');
}

describe('execution: output, format, verbose and quiet', () => {
  it('keeps the reports as paths from the config folder, a path or a list', async () => {
    const one = expectConfig(await loadYaml(`${HEAD}execution: { output: out/r.json }\n${CASES}`));
    expect(one.execution.output).toEqual([`${one.base_dir}/out/r.json`]);
    const yaml = `${HEAD}execution: { output: [r.json, /tmp/r.JSON, report], format: json, verbose: true }\n${CASES}`;
    const config = expectConfig(await loadYaml(yaml));
    expect(config.execution).toMatchObject({
      output: [`${config.base_dir}/r.json`, '/tmp/r.JSON', `${config.base_dir}/report`],
      format: 'json',
      verbose: true,
    });
    expect(config.execution.quiet).toBeUndefined();
  });

  it('sets none of them where agent.yaml does not, whatever the environment says', async () => {
    const env = { HOLODECK_OUTPUT: 'r.json', HOLODECK_VERBOSE: 'true' };
    const execution = expectConfig(await loadYaml(`${HEAD}${CASES}`, {}, env)).execution;
    expect([execution.output, execution.format, execution.verbose, execution.quiet]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('refuses a report whose format cannot be told, located at the path', async () => {
    const issues = await text('  output:\n    - r.json\n    - r.txt\n');
    expect(issues).toMatch(/agent\.yaml:6:\d+ +execution\.output\[1\]\n.*cannot tell the report format of "r\.txt"/);
    expect(issues).toContain('use .json (JSON), .md (Markdown), .xml (JUnit XML) or .html (static HTML report)');
    expect(await text('  output: report\n')).toMatch(/agent\.yaml:4:\d+ +execution\.output\n.*"report"/);
  });

  it('refuses a format the extension contradicts, and a format without output', async () => {
    expect(await text('  output: r.md\n  format: json\n')).toMatch(
      /agent\.yaml:4:\d+ +execution\.output\n.*r\.md is a Markdown file name, but format is json/,
    );
    expect(await text('  format: junit\n')).toMatch(
      /agent\.yaml:4:\d+ +execution\.format\n.*`format` sets the format of the `output` files, and there is none/,
    );
  });

  it('refuses verbose and quiet both true, located, as -v with -q', async () => {
    expect(await text('  verbose: true\n  quiet: true\n')).toMatch(
      /agent\.yaml:5:\d+ +execution\.quiet\n.*`verbose` and `quiet` are both true/,
    );
    expect(
      expectConfig(await loadYaml(`${HEAD}execution: { verbose: true, quiet: false }\n${CASES}`)).execution,
    ).toMatchObject({ verbose: true, quiet: false });
    expect(await text('  verbose: loud\n')).toMatch(/agent\.yaml:4:\d+ +execution\.verbose/);
  });

  it('says that backend is a top-level key, located', async () => {
    const issues = await text('  backend: claude_agent_sdk\n');
    expect(issues).toMatch(
      /agent\.yaml:4:3 +execution\.backend\n.*`backend` is not an execution setting: it is a top-level key of agent\.yaml/,
    );
    expect(issues).toContain('e.g. `backend: ai_sdk`');
    expect(await text('  limt: 3\n')).toMatch(/unknown key `limt` — did you mean `limit`\?/);
  });
});
