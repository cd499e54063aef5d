/** The JSON report (PRODUCT.md §7), streamed: results are spilled as they finish, the summary written first. */
import type { Reporter } from '../core/reporter.js';
import type { RunReport } from '../core/results.js';
import { createFileReporter, type FileReporterOptions, writeJoined } from './file-reporter.js';
import { type ReportJsonOptions, reportHeadToJson, reportToJson, testResultToJson } from './to-report-json.js';

export function renderJsonReport(report: RunReport, options: ReportJsonOptions = {}): string {
  return `${JSON.stringify(reportToJson(report, options), null, 2)}\n`;
}

const RESULTS_PLACEHOLDER = '"results": []';

export function createJsonReporter(options: FileReporterOptions): Reporter {
  const limits = { max_text_length: options.max_text_length };
  return createFileReporter(options, {
    renderCase: (result) => [resultsElement(testResultToJson(result, limits))],
    async assemble(report, _state, cases, write) {
      const head = JSON.stringify({ ...reportHeadToJson(report), results: [] }, null, 2);
      if (cases.count === 0) return write(`${head}\n`);
      // `results` is the last key, so its placeholder is the last occurrence of the text.
      const at = head.lastIndexOf(RESULTS_PLACEHOLDER);
      await write(`${head.slice(0, at)}"results": [\n`);
      await writeJoined(cases.read(0), ',\n', write);
      await write(`\n  ]${head.slice(at + RESULTS_PLACEHOLDER.length)}\n`);
    },
  });
}

/**
 * `value` as JSON.stringify(report, null, 2) writes an element of `results` (two levels deep: four spaces
 * before each line), without a second pass over the text: stringified two arrays deep, then unwrapped.
 */
export function resultsElement(value: unknown): string {
  const text = JSON.stringify([[value]], null, 2);
  return text.slice(NESTING_HEAD.length, text.length - NESTING_TAIL.length);
}

const NESTING_HEAD = '[\n  [\n';
const NESTING_TAIL = '\n  ]\n]';
