import { EXIT, type ExitCode } from '../exit-codes.js';
import { loadOrReport } from '../load-or-report.js';

export async function validateCommand(configPath: string): Promise<ExitCode> {
  const config = await loadOrReport(configPath);
  if (!config) return EXIT.config;
  const turns = config.test_cases.reduce((sum, testCase) => sum + testCase.turns.length, 0);
  process.stdout.write(
    `✓ ${config.config_path} is valid: agent "${config.name}", ${config.test_cases.length} test cases, ${turns} turns, ` +
      `${config.tools.length} tools, backend ${config.backend.type}\n`,
  );
  return EXIT.ok;
}
