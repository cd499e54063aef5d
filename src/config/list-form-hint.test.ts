import { describe, expect, it } from 'vitest';
import { expectIssues, HEAD, loadYaml } from '../../test/support/config/fixtures/config-tree.js';

describe('a list written otherwise', () => {
  it('shows the list to write: a scalar in brackets, named entries as items that carry their name', async () => {
    const issues = expectIssues(
      await loadYaml(`${HEAD}tools:
  calc: { type: function, file: t.ts, function: f }
test_cases:
  - { name: b, input: q, expected_tools: lookup_price }
  - { name: c, input: q, evaluations: { type: standard, metric: equality } }
  - { name: d, input: q, forbidden_tools: "delete, wipe", files: doc.txt }
`),
    );
    expect(issues.map((issue) => [issue.path, issue.hint])).toEqual([
      ['tools', 'write each entry as a list item that carries its name, one per line: - { name: calc, … }'],
      ['expected_tools', 'write it as a list: expected_tools: ["lookup_price"]'],
      ['evaluations', 'write it as a list item: "- " before its first key, or [ ] around it'],
      ['forbidden_tools', 'write it as a list: forbidden_tools: ["delete", "wipe"]'],
      ['files', null],
    ]);
  });
});
