/** A writable stand-in that records everything written (used by tests only). */
export interface CaptureStream {
  readonly chunks: string[];
  readonly isTTY: boolean;
  readonly columns: number;
  write(text: string): boolean;
  text(): string;
}

export function captureStream(options: { isTTY?: boolean; columns?: number } = {}): CaptureStream {
  const chunks: string[] = [];
  return {
    chunks,
    isTTY: options.isTTY ?? false,
    columns: options.columns ?? 100,
    write(text: string) {
      chunks.push(text);
      return true;
    },
    text: () => chunks.join(''),
  };
}
