import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { thrownAt } from './thrown-at.js';

const errorWithStack = (...frames: string[]) =>
  Object.assign(new TypeError("Cannot read properties of undefined (reading 'key')"), {
    stack: ["TypeError: Cannot read properties of undefined (reading 'key')", ...frames].join('\n'),
  });

describe('thrownAt', () => {
  it('names the first frame in the user code, past Node, installed packages and holodeck itself', () => {
    const own = fileURLToPath(new URL('./load-module.ts', import.meta.url));
    const error = errorWithStack(
      '    at parse (node:internal/json:1:1)',
      '    at read (/project/node_modules/yaml/dist/index.js:10:5)',
      `    at load (${own}:12:3)`,
      '    at file:///project/my%20agent/agent.mjs:3:15',
      '    at ModuleJob.run (node:internal/modules/esm/module_job:222:25)',
    );
    expect(thrownAt(error)).toBe('/project/my agent/agent.mjs:3:15');
    expect(thrownAt(errorWithStack('    at Object.<anonymous> (/project/tools/calc.ts:7:9)'))).toBe(
      '/project/tools/calc.ts:7:9',
    );
  });

  it('names nothing for an error without a user frame, or no stack', () => {
    expect(thrownAt(errorWithStack('    at parse (node:internal/json:1:1)'))).toBeNull();
    expect(thrownAt('a string')).toBeNull();
    expect(thrownAt({ stack: 42 })).toBeNull();
  });
});

describe('thrownAt and a module not found', () => {
  it('names nothing: the message already names the module that imported it', () => {
    const error = Object.assign(errorWithStack('    at file:///project/needs.mjs:1:1'), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    expect(thrownAt(error)).toBeNull();
  });
});
