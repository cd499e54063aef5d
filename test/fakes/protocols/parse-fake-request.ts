/** Routes an HTTP request to a protocol and turns its body into the neutral FakeRequest. */
import type { FakeProtocol, FakeRequest } from '../fake-script.js';
import { asRecord, asString } from './narrow.js';
import { parseAnthropicConversation } from './parse-anthropic-request.js';
import { parseOpenAiConversation } from './parse-openai-request.js';

export interface Route {
  readonly protocol: FakeProtocol;
  /** Azure deployment URLs carry the model in the path. */
  readonly deployment: string | null;
}

export function routeOf(method: string, path: string): Route | null {
  if (method !== 'POST') return null;
  if (path.endsWith('/chat/completions')) {
    const deployment = /\/deployments\/([^/]+)\/chat\/completions$/.exec(path)?.[1];
    if (deployment !== undefined) return { protocol: 'azure', deployment: decodeURIComponent(deployment) };
    return { protocol: path.startsWith('/openai/') ? 'azure' : 'openai', deployment: null };
  }
  if (path.endsWith('/messages')) return { protocol: 'anthropic', deployment: null };
  if (path.endsWith('/api/chat')) return { protocol: 'ollama', deployment: null };
  return null;
}

export interface RawRequest {
  readonly index: number;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export function parseFakeRequest(route: Route, raw: RawRequest): FakeRequest {
  const body = asRecord(raw.body);
  const conversation =
    route.protocol === 'anthropic' ? parseAnthropicConversation(body) : parseOpenAiConversation(body);
  return {
    index: raw.index,
    protocol: route.protocol,
    path: raw.path,
    query: raw.query,
    headers: raw.headers,
    body,
    model: route.deployment ?? asString(body['model']),
    // Ollama streams unless told otherwise; the other APIs only when asked.
    stream: route.protocol === 'ollama' ? body['stream'] !== false : body['stream'] === true,
    system: conversation.system,
    messages: conversation.messages,
    tools: conversation.tools,
  };
}
