/**
 * The numeric metric on answers that bold a number and then speak of "the answer" in prose: the last bold number
 * is the answer, whatever number the prose after it holds. The options are those of the ConvFinQA sample
 * (sample/financial-assistant/agent.yaml, read by sample-numeric-rows.ts). One row per answer: the answer, the
 * ground truth, whether it passes and the value read from the answer.
 */
import { describe, it } from 'vitest';
import {
  checkSampleNumericRow as check,
  type NumericRow as Row,
} from '../../test/support/evaluators/sample-numeric-rows.js';

describe('the last bold number is the answer, whatever "the answer" prose after it holds', () => {
  it.each<Row>([
    ['The answer is **30000**. The answer is not 25587.', '25587', false, 30000],
    ['The answer is **30000**. The answer is not 25587.', '30000', true, 30000],
    ['**25587** — note that the answer is wrong if 2019 is used.', '25587', true, 25587],
    ['**25587** — note that the answer is wrong if 2019 is used.', '2019', false, 25587],
    ['**206588**\n\nThe answer is taken from the 2009 column.', '206588', true, 206588],
    ['**206588**\n\nThe answer is taken from the 2009 column.', '2009', false, 206588],
    ['**14.14%**. The answer is rounded to 2 decimals.', '0.1414', true, 14.14],
    ['**14.14%**. The answer is rounded to 2 decimals.', '2', false, 14.14],
    ['The final answer is **0.14**.\n\nNote: the answer is in decimal form (14%).', '0.14', true, 0.14],
    ['The final answer is **0.14**.\n\nNote: the answer is in decimal form (14%).', '-0.14', false, 0.14],
    ['**$25,587**\n\nThe answer is based on 2 values from the table.', '25587', true, 25587],
    ['**$25,587**\n\nThe answer is based on 2 values from the table.', '2', false, 25587],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));

  // A known limit: a correction stated after the bold number is not read; the bold number stays the answer.
  it.each<Row>([
    ['**25587** is wrong; the answer is 30000.', '25587', true, 25587],
    ['**25587** is wrong; the answer is 30000.', '30000', false, 25587],
  ])('%j against %s → passes %s, reads %s', async (...row) => check(row));
});
