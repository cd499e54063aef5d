/** The benchmark's agent project: N copies of the 4-turn JKHY conversation against a fake model server. */
export { TURNS_PER_CASE, writeSuiteProject as writeBenchProject } from '../../test/reliability/suite-project.js';
