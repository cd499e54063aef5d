/** Token counts of one model call, one turn, one test case or one run (element-wise sums). */
export interface TokenUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
  readonly cache_read_tokens: number;
  readonly cache_creation_tokens: number;
}

export const ZERO_USAGE: TokenUsage = Object.freeze({
  prompt_tokens: 0,
  completion_tokens: 0,
  total_tokens: 0,
  cache_read_tokens: 0,
  cache_creation_tokens: 0,
});

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    prompt_tokens: a.prompt_tokens + b.prompt_tokens,
    completion_tokens: a.completion_tokens + b.completion_tokens,
    total_tokens: a.total_tokens + b.total_tokens,
    cache_read_tokens: a.cache_read_tokens + b.cache_read_tokens,
    cache_creation_tokens: a.cache_creation_tokens + b.cache_creation_tokens,
  };
}

/** `a` less `b`, element-wise and never below 0: the part of a sum that `b` is not. */
export function subtractUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    prompt_tokens: Math.max(0, a.prompt_tokens - b.prompt_tokens),
    completion_tokens: Math.max(0, a.completion_tokens - b.completion_tokens),
    total_tokens: Math.max(0, a.total_tokens - b.total_tokens),
    cache_read_tokens: Math.max(0, a.cache_read_tokens - b.cache_read_tokens),
    cache_creation_tokens: Math.max(0, a.cache_creation_tokens - b.cache_creation_tokens),
  };
}

/** Model calls answered from a cassette or the cache (not by the model), and their token usage. */
export interface StoredUsage {
  readonly calls: number;
  readonly token_usage: TokenUsage;
}

export const NO_STORED_USAGE: StoredUsage = Object.freeze({ calls: 0, token_usage: ZERO_USAGE });

/** One model call's usage, and whether its answer came from a cassette or the cache. */
export interface CallUsage {
  readonly usage: TokenUsage;
  readonly stored: boolean;
}
