/**
 * The AI SDK's errors that holodeck's own tool loop and judges raise, as the `ai` package defines them: the
 * same `name` (`AI_...`), message wording, fields and marker, so the classifier (classify-model-error.ts),
 * the reports and `ai`'s own `isInstance` checks read them as before, without loading the `ai` package
 * (the SDK core, its gateway provider and telemetry) on the run's path. The base class and the errors the
 * providers raise come from `@ai-sdk/provider`, which the providers load anyway.
 */
import { AISDKError, getErrorMessage } from '@ai-sdk/provider';

/** Marks an error as `ai`'s class of that name does (`Symbol.for('vercel.ai.error.AI_...')`). */
function marked(error: AISDKError, name: string): void {
  (error as unknown as Record<symbol, boolean>)[Symbol.for(`vercel.ai.error.${name}`)] = true;
}

export class NoSuchToolError extends AISDKError {
  readonly toolName: string;
  readonly availableTools: string[] | undefined;

  constructor({ toolName, availableTools }: { toolName: string; availableTools?: string[] }) {
    const available =
      availableTools === undefined ? 'No tools are available.' : `Available tools: ${availableTools.join(', ')}.`;
    super({ name: 'AI_NoSuchToolError', message: `Model tried to call unavailable tool '${toolName}'. ${available}` });
    marked(this, 'AI_NoSuchToolError');
    this.toolName = toolName;
    this.availableTools = availableTools;
  }
}

export class InvalidToolInputError extends AISDKError {
  readonly toolInput: string;
  readonly toolName: string;

  constructor({ toolInput, toolName, cause }: { toolInput: string; toolName: string; cause: unknown }) {
    super({
      name: 'AI_InvalidToolInputError',
      message: `Invalid input for tool ${toolName}: ${getErrorMessage(cause)}`,
      cause,
    });
    marked(this, 'AI_InvalidToolInputError');
    this.toolInput = toolInput;
    this.toolName = toolName;
  }
}

export class MissingToolResultsError extends AISDKError {
  readonly toolCallIds: string[];

  constructor({ toolCallIds }: { toolCallIds: string[] }) {
    const many = toolCallIds.length > 1;
    super({
      name: 'AI_MissingToolResultsError',
      message: `Tool result${many ? 's are' : ' is'} missing for tool call${many ? 's' : ''} ${toolCallIds.join(', ')}.`,
    });
    marked(this, 'AI_MissingToolResultsError');
    this.toolCallIds = toolCallIds;
  }
}

export interface NoObjectGeneratedDetails {
  readonly message?: string;
  readonly cause?: unknown;
  readonly text?: string;
  readonly response?: { readonly id: string; readonly timestamp: Date; readonly modelId: string };
  readonly usage?: unknown;
  readonly finishReason?: string;
}

export class NoObjectGeneratedError extends AISDKError {
  readonly text: string | undefined;
  readonly response: NoObjectGeneratedDetails['response'];
  readonly usage: unknown;
  readonly finishReason: string | undefined;

  constructor({
    message = 'No object generated.',
    cause,
    text,
    response,
    usage,
    finishReason,
  }: NoObjectGeneratedDetails) {
    super({ name: 'AI_NoObjectGeneratedError', message, cause });
    marked(this, 'AI_NoObjectGeneratedError');
    this.text = text;
    this.response = response;
    this.usage = usage;
    this.finishReason = finishReason;
  }
}

export class NoOutputGeneratedError extends AISDKError {
  constructor({ message = 'No output generated.', cause }: { message?: string; cause?: unknown } = {}) {
    super({ name: 'AI_NoOutputGeneratedError', message, cause });
    marked(this, 'AI_NoOutputGeneratedError');
  }
}
