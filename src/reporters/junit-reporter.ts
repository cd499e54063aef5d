/**
 * The JUnit XML report file, streamed: test cases are spilled as they finish, each with its outcome, so the
 * suite counts written first are those of the cases that follow.
 */
import type { Reporter } from '../core/reporter.js';
import { createFileReporter, type FileReporterOptions } from './file-reporter.js';
import { type JunitOutcome, junitCounts, junitOutcome } from './junit-outcome.js';
import { JUNIT_TAIL, junitClassname, junitHead, junitInterruption, junitTestCase } from './junit-render.js';
import { xmlAttr } from './xml-escape.js';

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
      // The model of a matrix run is known at its end: the cases, spilled with the agent's name, get it now.
      const classname = junitClassname(agentName, report.model);
      for await (const testCases of cases.read(CASE_XML)) {
        await write(classname === agentName ? testCases : testCases.map((xml) => renamed(xml, agentName, classname)));
      }
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

/**
 * A spilled `<testcase>` with another classname. Its opening tag is its first line, as junitTestCase writes it:
 * the name before the classname is escaped, so the first `" classname="` of the line is the attribute's.
 */
function renamed(xml: Buffer, from: string, to: string): Buffer {
  const attribute = Buffer.from(`" classname="${xmlAttr(from)}" time="`);
  const at = xml.indexOf(attribute);
  const lineEnd = xml.indexOf(0x0a);
  if (at === -1 || (lineEnd !== -1 && at > lineEnd)) return xml;
  const replaced = Buffer.from(`" classname="${xmlAttr(to)}" time="`);
  return Buffer.concat([xml.subarray(0, at), replaced, xml.subarray(at + attribute.length)]);
}
