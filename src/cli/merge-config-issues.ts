/**
 * The issues of the loader and those of the checks run on the parts of the configuration that loaded, as one
 * list in file order. A later issue that may only follow from an earlier one is left out: one at, inside or
 * around a place already refused; a model "missing" where a model block (or the judge's) was refused; what the
 * default backend needs of the model where the backend written was refused (it is not the one meant); a ground
 * truth judged by metrics of which one was refused (the agent's metrics judge only the cases without their own).
 */
import { ISSUE } from '../config/issue-codes.js';
import type { ConfigIssue, SourceLocation } from '../core/errors.js';

const MODEL_SECTIONS = new Set(['model', 'models', 'evaluations']);

export function mergeConfigIssues(
  earlier: readonly ConfigIssue[],
  later: readonly ConfigIssue[],
  /** agent.yaml: its issues come first, then those of a test cases file, then those with no place. */
  mainFile: string,
  /** The indices of the test cases whose every turn is judged by metrics of its own, not the agent's. */
  ownMetricCases: ReadonlySet<number> = new Set(),
): ConfigIssue[] {
  const sections = new Set(earlier.filter((issue) => issue.test_case === null).map((issue) => headOf(issue.path)));
  const kept = later.filter((issue) => !earlier.some((before) => follows(issue, before, sections, ownMetricCases)));
  const seen = new Set<string>();
  const merged: ConfigIssue[] = [];
  for (const issue of [...earlier, ...kept]) {
    const key = JSON.stringify([issue.location, issue.test_case?.index, issue.path, issue.message]);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(issue);
  }
  const fileOrder = (location: SourceLocation | null) => (location === null ? 2 : location.file === mainFile ? 0 : 1);
  return merged.sort(
    (a, b) =>
      fileOrder(a.location) - fileOrder(b.location) ||
      (a.location?.line ?? 0) - (b.location?.line ?? 0) ||
      (a.location?.column ?? 0) - (b.location?.column ?? 0),
  );
}

/** What the default backend needs of the agent's model: in force only because the backend written was refused. */
const BACKEND_NEEDS = new Set<string>([ISSUE.missingKey, ISSUE.backendProvider]);

function follows(
  issue: ConfigIssue,
  before: ConfigIssue,
  sections: ReadonlySet<string>,
  ownMetricCases: ReadonlySet<number>,
): boolean {
  if (issue.code === ISSUE.missingKey && [...MODEL_SECTIONS].some((section) => sections.has(section))) return true;
  if (sections.has('backend') && BACKEND_NEEDS.has(issue.code) && headOf(issue.path) === 'model') return true;
  const caseIndex = issue.test_case?.index;
  if (caseIndex !== (before.test_case?.index ?? undefined)) {
    // A ground truth is read by the metrics selected for its turn, the agent's among them.
    return caseIndex !== undefined && sections.has('evaluations') && !ownMetricCases.has(caseIndex);
  }
  if (caseIndex !== undefined && /(^|\.)evaluations\b/.test(before.path)) return true;
  return related(issue.path, before.path);
}

/** One path at, inside or around the other (`model` and `model.api_key`); the empty path is the whole. */
function related(a: string, b: string): boolean {
  return inside(a, b) || inside(b, a);
}

function inside(path: string, outer: string): boolean {
  if (outer === '' || path === outer) return true;
  return path.startsWith(`${outer}.`) || path.startsWith(`${outer}[`);
}

/** The top-level key of a field path: `model` of `model.api_key`, `tools` of `tools[0].file`. */
function headOf(path: string): string {
  return path.split(/[.[ ]/)[0] ?? '';
}
