/**
 * The browser the dashboard tests drive: `CHROMIUM_PATH` if set, else the first Chromium or Chrome found in
 * the usual places. Without one the tests fail and say how to install one; they are never skipped.
 */
import { accessSync, constants } from 'node:fs';

export const CHROMIUM_CANDIDATES: readonly string[] = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export const CHROMIUM_INSTALL_HINT =
  'the dashboard tests need a Chromium or Chrome browser: install one (Debian/Ubuntu: `apt-get install chromium`; ' +
  'macOS: `brew install --cask chromium`) or set CHROMIUM_PATH to its executable';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  candidates: readonly string[] = CHROMIUM_CANDIDATES,
): string {
  const configured = env['CHROMIUM_PATH'];
  if (configured !== undefined && configured !== '') {
    if (isExecutable(configured)) return configured;
    throw new Error(`CHROMIUM_PATH=${configured} is not an executable file; ${CHROMIUM_INSTALL_HINT}`);
  }
  const found = candidates.find(isExecutable);
  if (found !== undefined) return found;
  throw new Error(`no browser found (looked at ${candidates.join(', ')}); ${CHROMIUM_INSTALL_HINT}`);
}
