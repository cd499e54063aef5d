/**
 * What a completed step adds to the conversation, in the provider's prompt shape: the model's answer as an
 * assistant message and the results of its tool calls as one tool message, in call order. Each step is
 * converted once, when it completes; the history keeps the converted messages, so a call sends the prompt
 * as it stands without converting or checking earlier messages again.
 *
 * The shapes are what the AI SDK's `generateText` made of a step before (empty text parts left out, a call
 * whose input was not JSON sent as `{}`, a tool's error as `error-text`), so providers and cassettes see the
 * same requests.
 */
import { type AgentToolOptions, toModelOutput } from './agent-tools.js';
import { errorText } from './parse-tool-call.js';
import type { ProviderAssistantMessage, ProviderMessage, ProviderToolMessage } from './provider-model.js';
import type { StepPart } from './tool-loop-step.js';

type AssistantPart = ProviderAssistantMessage['content'][number];
type ToolResultPart = ProviderToolMessage['content'][number];

export function stepMessages(content: readonly StepPart[], options: AgentToolOptions): ProviderMessage[] {
  const answer: AssistantPart[] = [];
  const order = new Map<string, number>();
  const results: ToolResultPart[] = [];
  for (const part of content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        if (part.type === 'text' && part.text.length === 0) break;
        answer.push(withOptions({ type: part.type, text: part.text }, part.providerMetadata));
        break;
      case 'file':
        answer.push(
          withOptions({ type: 'file', data: base64Of(part.data), mediaType: part.mediaType }, part.providerMetadata),
        );
        break;
      case 'tool-call': {
        if (!order.has(part.toolCallId)) order.set(part.toolCallId, order.size);
        const input =
          part.invalid === true && (typeof part.input !== 'object' || part.input === undefined) ? {} : part.input;
        const call = { type: 'tool-call' as const, toolCallId: part.toolCallId, toolName: part.toolName, input };
        answer.push(withOptions(call, part.providerMetadata));
        break;
      }
      case 'tool-result':
        results.push({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output: toModelOutput(part.output, options),
        });
        break;
      case 'tool-error':
        results.push({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output: { type: 'error-text', value: errorText(part.error) },
        });
        break;
      default:
        // sources are not sent back
        break;
    }
  }
  const messages: ProviderMessage[] = [];
  if (answer.length > 0) messages.push({ role: 'assistant', content: answer });
  if (results.length > 0) {
    const rank = (part: ToolResultPart) =>
      part.type === 'tool-result' ? (order.get(part.toolCallId) ?? Number.MAX_SAFE_INTEGER) : 0;
    messages.push({ role: 'tool', content: results.sort((a, b) => rank(a) - rank(b)) });
  }
  return messages;
}

function withOptions<T extends object>(part: T, metadata: unknown): T {
  return metadata === undefined || metadata === null ? part : { ...part, providerOptions: metadata };
}

function base64Of(data: string | Uint8Array): string {
  return typeof data === 'string' ? data : Buffer.from(data).toString('base64');
}
