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

  it('keeps holodeck for a checkout of the repository', () => {
    expect(holodeckCommand(join('/src', 'holodeck', 'dist', 'cli', 'main.js'))).toEqual(['holodeck']);
  });
});
