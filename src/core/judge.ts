/** An LLM used as a judge (geval, rag): asked for a JSON object matching a JSON Schema. */
export interface JudgeRequest {
  readonly system: string;
  readonly prompt: string;
  /** JSON Schema of the expected object. */
  readonly schema: Readonly<Record<string, unknown>>;
  readonly schema_name: string;
  readonly signal: AbortSignal;
}

export interface Judge {
  judge(request: JudgeRequest): Promise<unknown>;
}
