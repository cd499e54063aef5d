/**
 * The JUnit XML report file, streamed: test cases are spilled as they finish, each with its outcome, so the
 * suite counts written first are those of the cases that follow.
 */
import type { Reporter } from '../core/reporter.js';
import { createFileReporter, type FileReporterOptions } from './file-reporter.js';
import { type JunitOutcome, junitCounts, junitOutcome } from './junit-outcome.js';
import { JUNIT_TAIL, junitHead, junitInterruption, junitTestCase } from './junit-render.js';

const CASE_XML = 0;
const CASE_OUTCOME = 1;

export function createJunitReporter(options: FileReporterOptions): Reporter {
  let agentName = '';
  const reporter = createFileReporter(options, {
    renderCase: (result) => [`${junitTestCase(result, agentName)}\n`, junitOutcome(result)],
    async assemble(report, _state, cases, write) {
      const outcomes: JunitOutcome[] = [];
      for await (const batch of cases.read(CASE_OUTCOME)) {
        for (const outcome of batch) outcomes.push(outcome.toString('utf8') as JunitOutcome);
      }
      const interruption = junitInterruption(report);
      if (interruption !== null) outcomes.push('error');
      await write(`${junitHead(report, junitCounts(outcomes))}\n`);
      for await (const testCases of cases.read(CASE_XML)) await write(testCases);
      if (interruption !== null) await write(interruption);
      await write(JUNIT_TAIL);
    },
  });
  return {
    ...reporter,
    onBegin(info) {
      agentName = info.config.name;
    },
    onEnd(report, state) {
      if (agentName === '') agentName = report.agent_name;
      return reporter.onEnd?.(report, state);
    },
  };
}
