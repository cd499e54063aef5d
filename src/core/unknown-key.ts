/**
 * The first key of a result from user code that its contract does not define: read as nothing, it would be
 * dropped unread (`pass: false` for `passed`, `tool_calls` for `tool_invocations`), so callers refuse it.
 */

/** The keys a part of a result may have, and the names other tools give them. */
export interface KnownKeys {
  readonly allowed: ReadonlySet<string>;
  /** `tool_calls` → `tool_invocations`. */
  readonly aliases: Readonly<Record<string, string>>;
}

export function knownKeys(allowed: readonly string[], aliases: Readonly<Record<string, string>>): KnownKeys {
  return { allowed: new Set(allowed), aliases };
}

/** The first own key of `value` that is not allowed, with the key it likely stands for, else null. */
export function unknownKey(
  value: Readonly<Record<string, unknown>>,
  known: KnownKeys,
): { readonly key: string; readonly meant: string | null } | null {
  for (const key in value) {
    if (!Object.hasOwn(value, key) || known.allowed.has(key)) continue;
    return { key, meant: Object.hasOwn(known.aliases, key) ? (known.aliases[key] ?? null) : null };
  }
  return null;
}
