/** Tool callables that run the real tool definitions and record each call, as the module backend does. */
import type { ModuleTool, ToolDefinition, ToolInvocation } from '../../../src/index.js';

export interface RecordingTools {
  readonly tools: Record<string, ModuleTool>;
  readonly invocations: ToolInvocation[];
}

export function recordingTools(definitions: Readonly<Record<string, ToolDefinition>>): RecordingTools {
  const invocations: ToolInvocation[] = [];
  const tools: Record<string, ModuleTool> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    tools[name] = async (args) => {
      const started = performance.now();
      try {
        const result: unknown = await definition.execute(args, { signal: new AbortController().signal });
        invocations.push({ name, args, result, error: null, duration_ms: performance.now() - started });
        return result;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        invocations.push({ name, args, result: null, error: message, duration_ms: performance.now() - started });
        throw error;
      }
    };
  }
  return { tools, invocations };
}
