import { describe, expect, it } from 'vitest';
import {
  at,
  expectConfig,
  formattedIssues,
  HEAD,
  loadYaml,
} from '../../../test/support/config/fixtures/config-tree.js';

const EMPTY = 'retrieval_context is empty: give the passages, or leave the key out';

describe('retrieval_context', () => {
  it('refuses an empty list, located, in a single-turn case and in a turn', async () => {
    const yaml = `${HEAD}test_cases:
  - { name: single, input: q, retrieval_context: [] }
  - name: multi
    turns:
      - { input: q, retrieval_context: [] }
`;
    const hint = 'the metrics that read it (faithfulness, contextual_*) skip a turn without passages';
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, '[]')}  test_cases[0] "single" › retrieval_context\n  ${EMPTY} — ${hint}`,
      `${at(yaml, '[]', 2)}  test_cases[1] "multi" › turns[0].retrieval_context\n  ${EMPTY} — ${hint}`,
    ]);
  });

  it('takes passages, and no key at all', async () => {
    const config = expectConfig(
      await loadYaml(
        `${HEAD}test_cases:\n  - { name: a, input: q, retrieval_context: [doc] }\n  - { name: b, input: q }\n`,
      ),
    );
    expect(config.test_cases.map((c) => c.turns[0]?.retrieval_context ?? null)).toEqual([['doc'], null]);
  });
});
