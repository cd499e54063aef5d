/** The backend's optional package (or the native binary it ships) is not installed: a usage error (exit 2). */

export const CLAUDE_AGENT_SDK_PACKAGE = '@anthropic-ai/claude-agent-sdk';
/** The version holodeck is tested with (its optional peer dependency). */
export const CLAUDE_AGENT_SDK_VERSION = '0.3.334';
export const CLAUDE_AGENT_SDK_INSTALL_COMMAND = `npm install ${CLAUDE_AGENT_SDK_PACKAGE}@${CLAUDE_AGENT_SDK_VERSION}`;

export class BackendUnavailableError extends Error {
  readonly code = 'BACKEND_UNAVAILABLE';
  constructor(
    message: string,
    /** The command that installs what is missing. */
    readonly install_command: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BackendUnavailableError';
  }
}
