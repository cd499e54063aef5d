/**
 * Loads the AI SDK ahead of the user's TypeScript modules. Importing a `.ts` tool or grader registers tsx's
 * module hooks, and from then on every module the process loads is resolved through the hooks' thread: the
 * SDK's several hundred files (its telemetry dependency is CommonJS) then take about 0.4 s instead of 0.1 s.
 * A `holodeck test` run needs the SDK for the ai_sdk backend and for LLM judges, so it loads it first.
 */
export async function preloadModelClient(): Promise<void> {
  await import('ai');
}
