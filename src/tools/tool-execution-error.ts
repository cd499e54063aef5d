/** A tool call that failed: the model sees the message as the tool's result; the run goes on. */
export class ToolExecutionError extends Error {
  readonly code = 'TOOL_ERROR';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ToolExecutionError';
  }
}

/** The message of anything thrown, without a redundant `Error: ` prefix. */
export { thrownMessage as errorMessage } from '../core/describe-thrown.js';
