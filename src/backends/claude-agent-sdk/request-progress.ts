/**
 * How far the model request Claude Code has out has come, told to the turn's hold journal from the messages Claude
 * Code streams, so a turn that times out says it (`the model request to … had no response headers 4.9 s after it
 * was sent`), as under the ai_sdk backend. Claude Code sends a request when the turn's input reaches it and again once
 * the tool results of a response are in; a response's first stream event is taken as its headers.
 */
import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import type { HoldJournal, RequestProgress } from '../../core/hold-tracker.js';
import { isRecord } from '../../core/is-record.js';

export class RequestProgressFeed {
  private current: RequestProgress | null = null;

  constructor(
    private readonly journal: HoldJournal | undefined,
    private readonly endpoint: string,
  ) {}

  /** A request was sent: the turn's input, or tool results. */
  sent(): void {
    this.end();
    this.current = this.journal?.sent?.(this.endpoint) ?? null;
  }

  add(message: SDKMessage): void {
    if (message.type === 'user' && message.parent_tool_use_id === null && hasToolResult(message.message.content)) {
      this.sent();
    } else if (message.type === 'stream_event' && message.parent_tool_use_id === null) {
      const event: unknown = message.event;
      if (!isRecord(event)) return;
      if (event['type'] === 'message_start') this.current?.headers();
      else if (event['type'] === 'message_stop') this.end();
      else this.current?.data(JSON.stringify(event).length);
    } else if (message.type === 'system' && message.subtype === 'api_retry') {
      this.sent();
    } else if (message.type === 'result') {
      this.end();
    }
  }

  end(): void {
    this.current?.end();
    this.current = null;
  }
}

function hasToolResult(content: unknown): boolean {
  return Array.isArray(content) && content.some((block) => isRecord(block) && block['type'] === 'tool_result');
}
