/**
 * A test case's `ground_truth` written as a YAML number keeps the text the author wrote: `1.50`, `02134`, `1e3`
 * and `12345678901234567890` are expected answers, and the number YAML reads (1.5, 2134, 1000, a value that has
 * lost digits) is not what an equality metric or BLEU should compare with. Only ground truths of test cases
 * (`test_cases[].ground_truth`, `test_cases[].turns[].ground_truth`, or the items of a test cases file) are kept
 * as text; a `ground_truth` key inside free-form data (`turn_config`) is left as YAML reads it.
 */
import { type Document, isDocument, isMap, isPair, isScalar, isSeq, visit } from 'yaml';

/** Keys that may lead from the document to a test case or a turn. */
const CASE_PATH_KEYS = new Set(['test_cases', 'turns']);

export function keepGroundTruthAsWritten(doc: Document): void {
  visit(doc, {
    Pair(_key, pair, path) {
      if (!isScalar(pair.key) || pair.key.value !== 'ground_truth') return;
      const value = pair.value;
      if (!isScalar(value) || typeof value.value !== 'number' || !Number.isFinite(value.value)) return;
      if (value.source === undefined || !onCasePath(path)) return;
      value.value = value.source;
    },
  });
}

/** The ancestors are lists and mappings reached only through `test_cases` and `turns` keys. */
function onCasePath(path: readonly unknown[]): boolean {
  for (const node of path) {
    if (isPair(node)) {
      if (!isScalar(node.key) || !CASE_PATH_KEYS.has(String(node.key.value))) return false;
    } else if (!isMap(node) && !isSeq(node) && !isDocument(node)) {
      return false;
    }
  }
  return true;
}
