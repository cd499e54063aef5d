import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeMetricConfig } from '../core/config-types.js';
import type { EvaluationInput } from '../core/evaluator.js';
import type { GraderFunction } from '../core/grader.js';
import { importUserExport } from '../loader/import-user-export.js';
import { createWorkerPool } from '../workers/worker-pool.js';
import { createCodeEvaluator } from './code.js';

const GRADERS = `
export const scoreGetter = () => ({ get score() { throw new Error('getter!'); } });
export const nestedGetter = () => ({ score: 1, details: { rows: [1, { get 'a b'() { throw new TypeError('no rows'); } }] } });
export const hostileProxy = () => new Proxy({ score: 1 }, { ownKeys() { throw new RangeError('no keys'); } });
`;

const pool = createWorkerPool({ max_workers: 1, stop_grace_ms: 200 });
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'holodeck-getters-'));
  await writeFile(join(dir, 'graders.mjs'), GRADERS);
});
afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

async function failureOf(exportName: string): Promise<unknown> {
  const grader = `graders.mjs:${exportName}`;
  const loaded = await importUserExport(grader, dir);
  if (!loaded.ok) throw new Error(loaded.message);
  const config: CodeMetricConfig = {
    type: 'code',
    name: 'program',
    enabled: true,
    threshold: null,
    grader,
    timeout_ms: 5000,
    grader_fn: loaded.value as GraderFunction,
  };
  const input: EvaluationInput = {
    test_case_name: 'c',
    turn_index: 0,
    turn_input: 'q',
    agent_response: 'a',
    ground_truth: null,
    retrieval_context: null,
    tool_invocations: [],
    turn_config: {},
    turn: { input: 'q' },
    earlier_turns: [],
    signal: new AbortController().signal,
  };
  return createCodeEvaluator(config, pool)
    .evaluate(input)
    .then(
      () => null,
      (error: unknown) => error,
    );
}

describe('a grader result whose own code throws as it is read', () => {
  it('names the getter that threw, and the error type', async () => {
    expect(await failureOf('scoreGetter')).toMatchObject({
      code: 'GRADER_INVALID_RETURN',
      message: 'grader graders.mjs:scoreGetter returned a result whose score getter threw Error: getter!',
    });
    expect(await failureOf('nestedGetter')).toMatchObject({
      message:
        'grader graders.mjs:nestedGetter returned a result whose details.rows[1]["a b"] getter threw TypeError: no rows',
    });
  });

  it('says the result threw as it was read when no getter did', async () => {
    expect(await failureOf('hostileProxy')).toMatchObject({
      message: expect.stringMatching(/^grader graders\.mjs:hostileProxy returned a result .*threw RangeError: no keys/),
    });
  });
});
