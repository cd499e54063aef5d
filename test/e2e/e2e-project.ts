/** Writes a throw-away agent project (agent.yaml + test cases) pointing at a fake model server. */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProviderName } from '../../src/core/config-types.js';

export const TOOLS_MODULE = fileURLToPath(new URL('./fixtures/finance-tools.ts', import.meta.url));
export const GRADERS_MODULE = fileURLToPath(new URL('./fixtures/graders.ts', import.meta.url));

/** The endpoint each provider's client expects for a server at `url`. */
export function endpointFor(provider: ProviderName, url: string): string {
  return provider === 'ollama' ? url : `${url}/v1`;
}

export function modelBlock(provider: ProviderName, url: string): string {
  const name = provider === 'anthropic' ? 'claude-sonnet-4-5' : provider === 'ollama' ? 'llama3.2' : 'gpt-4o-mini';
  /** agent.yaml's own `${VAR:-default}` substitution, written literally. */
  const keyLine = `\n  api_key: $\{FAKE_API_KEY:-sk-test-0123456789}`;
  const key = provider === 'ollama' || provider === 'openai_compatible' ? '' : keyLine;
  const endpoint = provider === 'azure_openai' ? `${url}/openai` : endpointFor(provider, url);
  return `model:\n  provider: ${provider}\n  name: ${name}\n  endpoint: ${endpoint}${key}\n  temperature: 0`;
}

export const TOOLS_BLOCK = `tools:
  - name: lookup
    type: function
    file: ${TOOLS_MODULE}
    function: lookup
    description: A cell of the cash-flow table by row and year column
    parameters:
      type: object
      properties: { row: { type: string }, column: { type: string } }
      required: [row, column]
  - { name: subtract, type: function, file: ${TOOLS_MODULE}, function: subtract }
  - { name: divide, type: function, file: ${TOOLS_MODULE}, function: divide }`;

export const JKHY_TURNS = `    turns:
      - input: what is the net cash from operating activities in 2009?
        ground_truth: "206588"
        expected_tools: [lookup]
      - input: what about in 2008?
        ground_truth: "181001"
        expected_tools: [{ name: lookup, args: { column: { regex: "2008" } } }]
      - input: what is the difference?
        ground_truth: "25587"
        expected_tools: [{ name: subtract, args: { a: 206588, b: { fuzzy: "181,001" } } }]
        turn_config: { turn_program: "subtract(206588, 181001)" }
      - input: what percentage change does this represent?
        ground_truth: "0.14136"
        expected_tools:
          - subtract
          - { name: divide, args: { a: { fuzzy: "25587" }, b: { fuzzy: "181001" } } }
        turn_config: { turn_program: "subtract(206588, 181001), divide(#0, 181001)" }`;

export async function writeProject(files: Readonly<Record<string, string>>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'holodeck-e2e-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}
