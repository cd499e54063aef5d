/** The JUnit XML report file, streamed: test cases are spilled as they finish, the suite counts written first. */
import type { Reporter } from '../core/reporter.js';
import { createFileReporter, type FileReporterOptions } from './file-reporter.js';
import { JUNIT_TAIL, junitHead, junitTestCase } from './junit-render.js';

export function createJunitReporter(options: FileReporterOptions): Reporter {
  let agentName = '';
  const reporter = createFileReporter(options, {
    renderCase: (result) => [`${junitTestCase(result, agentName)}\n`],
    async assemble(report, _state, cases, write) {
      await write(`${junitHead(report)}\n`);
      for await (const testCase of cases.read(0)) await write(testCase);
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
