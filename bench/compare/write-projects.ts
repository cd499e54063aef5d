/**
 * The two projects of one workload, each in the tool's own format, pointed at the same fake model server:
 * holodeck's agent.yaml + cases.json, and promptfoo's promptfooconfig.yaml + prompt.json + tests.json. Both
 * send the same system prompt and the whole conversation so far, and check each turn's answer for equality.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CompareCase, SYSTEM_PROMPT } from './compare-cases.js';

export const FAKE_API_KEY = 'sk-test-0123456789';
export const MODEL_NAME = 'gpt-4o-mini';

export function holodeckAgentYaml(url: string): string {
  return `name: compare
model:
  provider: openai
  name: ${MODEL_NAME}
  endpoint: ${url}/v1
  api_key: ${FAKE_API_KEY}
  temperature: 0
instructions: { inline: "${SYSTEM_PROMPT}" }
evaluations:
  metrics:
    - { type: standard, metric: equality }
test_cases_file: cases.json
`;
}

export function holodeckCasesJson(cases: readonly CompareCase[]): string {
  const lines = cases.map((c) => {
    const turns = c.turns.map((t) => ({ input: t.question, ground_truth: t.expected }));
    const only = turns[0];
    return JSON.stringify(
      turns.length === 1 && only !== undefined ? { name: c.name, ...only } : { name: c.name, turns },
    );
  });
  return `{"test_cases": [\n${lines.join(',\n')}\n]}\n`;
}

export function promptfooConfigYaml(url: string): string {
  return `description: compare
prompts: [file://prompt.json]
providers:
  - id: openai:chat:${MODEL_NAME}
    config: { apiBaseUrl: "${url}/v1", apiKey: ${FAKE_API_KEY}, temperature: 0 }
tests: file://tests.json
`;
}

/**
 * promptfoo's chat prompt: the system message, then (for conversations) every earlier turn from its
 * built-in `_conversation` variable, then the question.
 */
export function promptfooPromptJson(multiTurn: boolean): string {
  const history = multiTurn
    ? `  {% for completion in _conversation %}
  { "role": "user", "content": {{ completion.input | dump }} },
  { "role": "assistant", "content": {{ completion.output | dump }} },
  {% endfor %}
`
    : '';
  return `[
  { "role": "system", "content": ${JSON.stringify(SYSTEM_PROMPT)} },
${history}  { "role": "user", "content": {{ question | dump }} }
]
`;
}

/** One promptfoo test per turn; the turns of a conversation share its `conversationId`, in order. */
export function promptfooTestsJson(cases: readonly CompareCase[]): string {
  const multiTurn = cases.some((c) => c.turns.length > 1);
  const lines = cases.flatMap((c) =>
    c.turns.map((t, i) =>
      JSON.stringify({
        description: multiTurn ? `${c.name} turn ${i + 1}` : c.name,
        vars: { question: t.question },
        assert: [{ type: 'equals', value: t.expected }],
        ...(multiTurn ? { metadata: { conversationId: c.name } } : {}),
      }),
    ),
  );
  return `[\n${lines.join(',\n')}\n]\n`;
}

export async function writeHolodeckProject(dir: string, url: string, cases: readonly CompareCase[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'agent.yaml'), holodeckAgentYaml(url));
  await writeFile(join(dir, 'cases.json'), holodeckCasesJson(cases));
}

export async function writePromptfooProject(dir: string, url: string, cases: readonly CompareCase[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'promptfooconfig.yaml'), promptfooConfigYaml(url));
  await writeFile(join(dir, 'prompt.json'), promptfooPromptJson(cases.some((c) => c.turns.length > 1)));
  await writeFile(join(dir, 'tests.json'), promptfooTestsJson(cases));
}
