/**
 * Loads the AI SDK's provider layer ahead of the user's TypeScript modules. Importing a `.ts` tool or grader
 * registers tsx's module hooks, and from then on every module the process loads is resolved through the
 * hooks' thread, several times slower. A `holodeck test` run needs the provider utilities (which every
 * provider package is built on) for the ai_sdk backend and for LLM judges, so it loads them first. The
 * `ai` package itself (the SDK core) is not on a run's path: holodeck calls the provider model directly.
 */
export async function preloadModelClient(): Promise<void> {
  await import('@ai-sdk/provider-utils');
}
