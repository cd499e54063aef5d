/** Renders a path as written in messages: `turns[1].expected_tools[0].args.b.regex`. */
import type { ConfigPath } from './pending-issue.js';

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

export function formatFieldPath(path: ConfigPath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
