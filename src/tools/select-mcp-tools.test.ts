import { describe, expect, it } from 'vitest';
import { ToolSetupError } from '../core/errors.js';
import { selectMcpTools } from './select-mcp-tools.js';

const LISTED = [{ name: 'read' }, { name: 'write' }, { name: 'delete' }];
const config = (extra: Partial<{ include: string[] | null; exclude: string[]; prefix: string }>) => ({
  name: 'fs',
  include: null,
  exclude: [],
  prefix: '',
  ...extra,
});

describe('selectMcpTools', () => {
  it('offers every tool under its own name by default', () => {
    expect(selectMcpTools(config({}), LISTED).map((s) => s.name)).toEqual(['read', 'write', 'delete']);
  });

  it('keeps the included tools, leaves the excluded out, and prefixes what it offers', () => {
    const selected = selectMcpTools(
      config({ include: ['read', 'delete'], exclude: ['delete'], prefix: 'fs_' }),
      LISTED,
    );
    expect(selected).toEqual([{ name: 'fs_read', tool: { name: 'read' } }]);
  });

  it('refuses names the server does not have, listing the ones it has', () => {
    const attempt = () => selectMcpTools(config({ include: ['read', 'grep'], exclude: ['rm'] }), LISTED);
    expect(attempt).toThrow(ToolSetupError);
    expect(attempt).toThrow(
      'MCP server "fs" has no tool "grep", "rm" (named in its include/exclude); its tools are: read, write, delete',
    );
  });
});
