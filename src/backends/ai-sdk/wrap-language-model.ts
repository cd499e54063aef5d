/**
 * A provider model with a middleware around it, as the AI SDK's `wrapLanguageModel` makes one: the same
 * provider, model id and supported URLs; each call's options go through `transformParams`, then the call
 * through `wrapGenerate` / `wrapStream`, which call the model below. holodeck's recording and rate-limit
 * middlewares need nothing more, and this keeps the `ai` package (the SDK core) off the run's path.
 */
import type { LanguageModelV3, LanguageModelV3Middleware } from '@ai-sdk/provider';

export function wrapLanguageModel(model: LanguageModelV3, middleware: LanguageModelV3Middleware): LanguageModelV3 {
  const { transformParams, wrapGenerate, wrapStream } = middleware;
  type Params = Parameters<LanguageModelV3['doGenerate']>[0];
  const transform = async (params: Params, type: 'generate' | 'stream'): Promise<Params> =>
    transformParams === undefined ? params : transformParams({ params, type, model });
  return {
    specificationVersion: 'v3',
    provider: middleware.overrideProvider?.({ model }) ?? model.provider,
    modelId: middleware.overrideModelId?.({ model }) ?? model.modelId,
    supportedUrls: middleware.overrideSupportedUrls?.({ model }) ?? model.supportedUrls,
    async doGenerate(params) {
      const transformed = await transform(params, 'generate');
      const doGenerate = () => model.doGenerate(transformed);
      const doStream = () => model.doStream(transformed);
      return wrapGenerate === undefined
        ? doGenerate()
        : wrapGenerate({ doGenerate, doStream, params: transformed, model });
    },
    async doStream(params) {
      const transformed = await transform(params, 'stream');
      const doGenerate = () => model.doGenerate(transformed);
      const doStream = () => model.doStream(transformed);
      return wrapStream === undefined ? doStream() : wrapStream({ doGenerate, doStream, params: transformed, model });
    },
  };
}
