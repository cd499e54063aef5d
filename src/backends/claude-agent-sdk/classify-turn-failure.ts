/**
 * What a failed Claude Code turn means for the user: the same error codes as the ai_sdk backend, a
 * message naming the endpoint and what to do, and whether the session can go on. A bad key or an
 * endpoint that cannot be reached would fail every later turn the same way, so those end the session.
 */
import { AgentTurnError } from '../../core/errors.js';
import { gaveUpNote } from '../../core/gave-up-note.js';
import type { TurnFailure } from './turn-capture.js';

export interface FailureContext {
  /** Where the model requests go (for the message). */
  readonly endpoint: string;
}

type Verdict = { readonly code: string; readonly unrecoverable: boolean; readonly hint: string };

const AUTH_KINDS = new Set([
  'authentication_failed',
  'oauth_org_not_allowed',
  'account_on_hold',
  'verification_required',
  'billing_error',
]);
const UNREACHABLE = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b|Unable to connect/i;
const CONNECTION =
  /\b(ECONNRESET|EPIPE|ETIMEDOUT|socket hang up)\b|connection (to the API )?(was )?(lost|dropped|closed)/i;
const NOT_LOGGED_IN = /not logged in|invalid api key|x-api-key/i;

export function classifyTurnFailure(failure: TurnFailure, context: FailureContext): AgentTurnError {
  const verdict = verdictOf(failure);
  const retried = gaveUpNote(failure.retries);
  const message = `${ownSettings(failure.text.trim())} (anthropic, ${context.endpoint})${retried}${verdict.hint}`;
  return new AgentTurnError(`model request failed: ${message}`, verdict.code, verdict.unrecoverable);
}

function verdictOf(failure: TurnFailure): Verdict {
  const { text, kind, status } = failure;
  if ((kind !== null && AUTH_KINDS.has(kind)) || status === 401 || status === 403 || NOT_LOGGED_IN.test(text)) {
    return {
      code: 'MODEL_AUTH',
      unrecoverable: true,
      hint: ' — check model.api_key or the ANTHROPIC_API_KEY environment variable',
    };
  }
  if (UNREACHABLE.test(text)) {
    return {
      code: 'MODEL_UNREACHABLE',
      unrecoverable: true,
      hint: ' — check model.endpoint and that the server is running',
    };
  }
  if (status !== null || kind === 'rate_limit' || kind === 'overloaded' || /API Error: \d{3}/.test(text)) {
    return { code: 'MODEL_HTTP_ERROR', unrecoverable: false, hint: '' };
  }
  if (CONNECTION.test(text)) return { code: 'MODEL_CONNECTION', unrecoverable: false, hint: '' };
  return { code: 'MODEL_ERROR', unrecoverable: false, hint: '' };
}

/**
 * Claude Code's advice names its own environment variables, which holodeck sets from the configuration: the
 * advice names the setting the user has instead (`model.max_tokens` for CLAUDE_CODE_MAX_OUTPUT_TOKENS).
 */
function ownSettings(text: string): string {
  return text.replace(
    /To configure this behavior, set the CLAUDE_CODE_MAX_OUTPUT_TOKENS environment variable\.?/,
    'To allow longer answers, raise model.max_tokens.',
  );
}
