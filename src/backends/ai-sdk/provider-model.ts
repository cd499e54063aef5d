/**
 * The provider model's own interface (the AI SDK's LanguageModelV3): what holodeck's tool loop calls
 * (`doGenerate`) and the prompt, tool and result shapes it speaks. The types are taken from the `ai`
 * package's middleware signature, so they follow the SDK without depending on its provider packages.
 */
import type { LanguageModel, LanguageModelMiddleware } from 'ai';

type WrapGenerateArgs = Parameters<NonNullable<LanguageModelMiddleware['wrapGenerate']>>[0];

export type ProviderModel = WrapGenerateArgs['model'];
/** The options of one `doGenerate` call. */
export type ProviderCallOptions = WrapGenerateArgs['params'];
export type ProviderPrompt = ProviderCallOptions['prompt'];
export type ProviderMessage = ProviderPrompt[number];
export type ProviderUserMessage = Extract<ProviderMessage, { role: 'user' }>;
export type ProviderAssistantMessage = Extract<ProviderMessage, { role: 'assistant' }>;
export type ProviderToolMessage = Extract<ProviderMessage, { role: 'tool' }>;
export type ProviderTool = NonNullable<ProviderCallOptions['tools']>[number];
/** The result of one `doGenerate` call. */
export type GenerateResult = Awaited<ReturnType<ProviderModel['doGenerate']>>;
export type ProviderContent = GenerateResult['content'][number];
export type ProviderToolCall = Extract<ProviderContent, { type: 'tool-call' }>;
export type ProviderUsage = GenerateResult['usage'];
export type ProviderMetadata = GenerateResult['providerMetadata'];
export type FinishReason = GenerateResult['finishReason']['unified'];
/** What the model reads of a tool's result. */
export type ToolResultOutput = Extract<ProviderToolMessage['content'][number], { type: 'tool-result' }>['output'];

/** The model behind a resolved `LanguageModel`: the real providers and our middlewares are all V3 models. */
export function asProviderModel(model: LanguageModel): ProviderModel {
  if (typeof model === 'string' || model.specificationVersion !== 'v3') {
    throw new Error(
      `the model ${typeof model === 'string' ? model : model.modelId} is not an AI SDK v3 model: holodeck calls its doGenerate`,
    );
  }
  return model;
}
