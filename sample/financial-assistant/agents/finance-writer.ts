/**
 * The reference agent answering in finance notation, for `finance-formats.yaml`: the same tool calls and the
 * same values as `createOracle`, each answer written the way chat models write numbers in financial answers
 * (`The answer is $(1,234.5).`, `**$1.235 million**`, `–4`, `14.14 %`; see lib/finance-style.ts). It shows
 * what the numeric metric reads from such answers.
 */
import type { ModuleAgentFactory } from '../../../src/index.js';
import { financeAnswer } from '../lib/finance-style.js';
import { OracleSession } from './oracle.js';

/** Each conversation starts its styles at a place of its own, fixed by its document, so runs are repeatable. */
function offset(documentId: string): number {
  let hash = 0;
  for (const char of documentId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 9973;
  return hash;
}

export const createFinanceWriter: ModuleAgentFactory = (context) =>
  new OracleSession(context, (value, turn, documentId) => financeAnswer(value, offset(documentId) + turn));
