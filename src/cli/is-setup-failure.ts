/**
 * Whether a backend that could not start failed on what the user set up (exit 2: tools that cannot be set up, the
 * Claude Agent SDK not installed, a backend setting it refuses) rather than at run time (exit 3).
 */
import { BackendUnavailableError } from '../backends/claude-agent-sdk/backend-unavailable-error.js';
import { BackendSettingError, ToolSetupError } from '../core/errors.js';

export function isSetupFailure(error: unknown): boolean {
  return (
    error instanceof ToolSetupError || error instanceof BackendUnavailableError || error instanceof BackendSettingError
  );
}
