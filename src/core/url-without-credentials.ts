/**
 * A URL as an error message may show it, even one that does not parse: the user and password before `@` and the
 * query (where API keys travel, `?key=…`) are replaced with `***`.
 */
export function urlWithoutCredentials(text: string): string {
  return text.replace(/^([^:/?#]*:\/\/)[^/?#]*@/, '$1***@').replace(/[?#].*$/s, (rest) => `${rest[0]}***`);
}
