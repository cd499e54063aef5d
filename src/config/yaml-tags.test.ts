import { describe, expect, it } from 'vitest';
import { expectConfig, formattedIssues, HEAD, loadYaml } from '../../test/support/config/fixtures/config-tree.js';

describe('YAML tags', () => {
  it('refuses each tag holodeck does not read, where it is written, and reads none of its value', async () => {
    const yaml = `${HEAD}instructions: { inline: !!python/object x }\ntest_cases:\n  - { name: a, input: !custom q1 }\n  - name: b\n    input: !!binary aGk=\n`;
    const issues = formattedIssues(await loadYaml(yaml));
    expect(issues).toHaveLength(3);
    expect(issues[0]).toMatch(/^agent\.yaml:3:25\n.*YAML error: the tag !!python\/object is not read by holodeck/s);
    expect(issues[1]).toMatch(/^agent\.yaml:5:23\n.*the tag !custom is not read by holodeck/s);
    expect(issues[2]).toMatch(/^agent\.yaml:7:12\n.*the tag !!binary is not read by holodeck/s);
    expect(issues[0]).toContain('remove the tag');
  });

  it("reads YAML's plain tags (!!str, !!int…) as ever", async () => {
    const yaml = `${HEAD}test_cases:\n  - { name: !!str 2009, input: !!str 12, ground_truth: !!int 12 }\n`;
    const config = expectConfig(await loadYaml(yaml));
    expect(config.test_cases[0]?.name).toBe('2009');
    expect(config.test_cases[0]?.turns[0]?.input).toBe('12');
  });

  it('refuses a tag in a test cases file read case by case, located in that file', async () => {
    const cases = '- name: a\n  input: q1\n- name: b\n  input: !!set { x }\n';
    const issues = formattedIssues(await loadYaml(`${HEAD}test_cases_file: cases.yaml\n`, { 'cases.yaml': cases }));
    expect(issues).toEqual([expect.stringMatching(/^cases\.yaml:4:10\n.*the tag !!set is not read by holodeck/s)]);
  });
});
