/** Exit codes, for every command (PRODUCT.md §2). */
export const EXIT = {
  ok: 0,
  failed: 1,
  config: 2,
  runtime: 3,
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
