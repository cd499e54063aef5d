/**
 * Which names mark a credential: an environment variable, an MCP option (`--api-key`, `GITHUB_TOKEN=`) or a URL
 * query parameter (`?sig=`, `?api-key=`). The run's secrets are collected by these rules when a run is written,
 * and a record's configuration snapshot is masked by them when it is read back.
 */
const CREDENTIAL_WORDS = new Set([
  'KEY',
  'APIKEY',
  'TOKEN',
  'SECRET',
  'PASSWORD',
  'PASSWD',
  'PASS',
  'PAT',
  'CREDENTIAL',
  'CREDENTIALS',
  'AUTH',
  'COOKIE',
  'SESSION',
]);
const CREDENTIAL_QUERY = new Set([...CREDENTIAL_WORDS, 'SIG', 'SIGNATURE', 'CODE', 'ACCESS']);

/** `GH_PAT`, `ghPat`, `x-api-key` → their word parts, upper-cased. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== '');
}

export function looksLikeCredentialName(name: string): boolean {
  return nameWords(name).some((word) => CREDENTIAL_WORDS.has(word));
}

/** Whether a URL query parameter's value is a credential: `api-key`, `sig`, `token`, `code`... */
export function isCredentialQueryName(name: string): boolean {
  return nameWords(name).some((word) => CREDENTIAL_QUERY.has(word));
}
