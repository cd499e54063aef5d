/** The messages between the main thread and a user-code worker (structured-cloned, so plain data only). */
import type { FoundLocation } from '../loader/load-module.js';

/**
 * What to run: an export of a user module. `grader`: the export is called with a frozen copy of the input.
 * `tool`: a function export is called as `(args, { signal })`, a tool definition's `execute` likewise.
 * `describe_tool`: nothing is called; the call returns what the export is as a function tool (a
 * ToolExportDescription), or why its module cannot load — for the configuration, in the thread the tool's
 * calls will run in.
 */
export interface CallTarget {
  readonly location: FoundLocation;
  readonly export_name: string;
  readonly invoke: 'grader' | 'tool' | 'describe_tool';
}

export type ToWorker =
  /** Import a module ahead of its first call (nothing is sent back; a failure shows on the first call). */
  | { readonly type: 'load'; readonly location: FoundLocation }
  | { readonly type: 'call'; readonly id: number; readonly target: CallTarget; readonly input: unknown }
  /** Abort the call's signal; the worker answers `abort_seen` as soon as its event loop gets to it. */
  | { readonly type: 'abort'; readonly id: number; readonly name: string; readonly message: string };

export type FromWorker =
  /** The call reached the worker (its event loop is free): sent before anything else is done for it. */
  | { readonly type: 'received'; readonly id: number }
  /** The module is loaded and the user function is about to be called: its time starts now. */
  | { readonly type: 'started'; readonly id: number }
  /**
   * `flushing`: what the call printed is still on its way to the main thread; the outcome waits for `flushed`
   * (so the output is shown, and before the call's result), its time limit no longer running.
   */
  | { readonly type: 'settled'; readonly id: number; readonly outcome: CallOutcome; readonly flushing?: true }
  /** Everything the call printed has been taken by the main thread. */
  | { readonly type: 'flushed'; readonly id: number }
  | { readonly type: 'abort_seen'; readonly id: number }
  /** User code called process.exit (the worker thread ends right after); `id` is the call it ran in, if known. */
  | { readonly type: 'exiting'; readonly id: number | null; readonly code: string }
  /** An exception nobody caught (e.g. thrown from a timer): the worker thread ends right after. */
  | { readonly type: 'crashed'; readonly id: number | null; readonly description: string };

export type CallOutcome =
  | { readonly kind: 'returned'; readonly value: unknown }
  /** `message`: the error's message alone; `description`: `TypeError: boom`, with a custom class's name. */
  | {
      readonly kind: 'threw';
      readonly message: string;
      readonly description: string;
      /** The call tried to end the run (process.kill of this process, process.abort): an error of its turn. */
      readonly refused?: true;
    }
  | { readonly kind: 'load_failed'; readonly message: string }
  /** The value could not be sent back to the main thread (e.g. it holds functions). */
  | { readonly kind: 'unsendable'; readonly message: string };
