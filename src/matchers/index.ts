/** Pure tool-name and argument matching (PRODUCT.md §4). */

export { formatAssertion, formatExpectation } from '../core/format-assertion.js';
export { describeValue, renderValue } from '../core/render-value.js';
export { assertTools } from './assert-tools.js';
export { assertTurnTools, type ToolPolicy, type TurnToolChecks, toolErrorAssertions } from './assert-turn-tools.js';
export { expectedToolToReport, reportArgs } from './expected-tool-to-report.js';
export { normalizeFuzzy, parseFuzzyNumber } from './fuzzy-normalize.js';
export { literalEquals } from './literal-equals.js';
export { type ArgMatch, describeMatcher, matchArg } from './match-arg.js';
export { matchesToolName } from './matches-tool-name.js';
