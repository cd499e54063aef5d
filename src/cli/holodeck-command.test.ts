import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holodeckCommand } from './holodeck-command.js';

describe('holodeckCommand', () => {
  it('starts printed commands with npx holodeck when the CLI runs from a node_modules install', () => {
    expect(holodeckCommand(join('/p', 'node_modules', '.bin', 'holodeck'))).toEqual(['npx', 'holodeck']);
    expect(holodeckCommand(join('/p', 'node_modules', 'holodeck', 'dist', 'cli', 'main.js'))).toEqual([
      'npx',
      'holodeck',
    ]);
  });

  it('starts them with npx holodeck in a checkout run from inside it, where npx runs its own command', () => {
    const script = join('/src', 'holodeck', 'dist', 'cli', 'main.js');
    expect(holodeckCommand(script, join('/src', 'holodeck'))).toEqual(['npx', 'holodeck']);
    expect(holodeckCommand(script, join('/src', 'holodeck', 'sample'))).toEqual(['npx', 'holodeck']);
  });

  it('keeps holodeck elsewhere: a checkout run from outside it, a command on the PATH', () => {
    expect(holodeckCommand(join('/src', 'holodeck', 'dist', 'cli', 'main.js'), '/work/project')).toEqual(['holodeck']);
    expect(holodeckCommand(join('/usr', 'local', 'bin', 'holodeck'), '/src/holodeck')).toEqual(['holodeck']);
  });
});
