// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the ${VAR} syntax under test is plain text
import { describe, expect, it } from 'vitest';
import { substituteEnv } from './substitute-env.js';

describe('substituteEnv', () => {
  it('replaces ${VAR} in every string, at any depth, and leaves other values alone', () => {
    const data = { a: 'key=${KEY}', b: [1, true, null, { c: '${KEY}-${OTHER}' }], d: 'plain' };
    const result = substituteEnv(data, { KEY: 'k1', OTHER: 'o' });
    expect(result.value).toEqual({ a: 'key=k1', b: [1, true, null, { c: 'k1-o' }], d: 'plain' });
    expect(result.issues).toEqual([]);
  });

  it('uses the default of ${VAR:-default} when the variable is unset or empty', () => {
    const data = ['${A:-one}', '${B:-two}', '${C:-}', '${D:-x}'];
    expect(substituteEnv(data, { B: '', D: 'set' }).value).toEqual(['one', 'two', '', 'set']);
  });

  it('reports every reference to an unset variable, with its path', () => {
    const result = substituteEnv({ model: { api_key: '${KEY}' }, list: ['${A} and ${B}'] }, {}, ['root']);
    expect(result.issues.map((issue) => [issue.path, issue.message, issue.hint])).toEqual([
      [['root', 'model', 'api_key'], 'environment variable `KEY` is not set', 'set it: export KEY=…'],
      [['root', 'list', 0], 'environment variable `A` is not set', 'set it, or give a default: ${A:-value}'],
      [['root', 'list', 0], 'environment variable `B` is not set', 'set it, or give a default: ${B:-value}'],
    ]);
    expect(result.issues.every((issue) => issue.code === 'ENV_MISSING')).toBe(true);
  });

  it('keeps $${VAR} as the literal text ${VAR}, and text that is no reference as it is', () => {
    const result = substituteEnv(['$${HOME} is ${HOME}', '${not a ref}', '$5 ${'], { HOME: '/h' });
    expect(result.value).toEqual(['${HOME} is /h', '${not a ref}', '$5 ${']);
    expect(result.issues).toEqual([]);
  });

  it('refuses what looks meant as a reference in a form it does not read, and keeps $$ before it as the text', () => {
    const forms = ['${KEY-}', '${KEY:=x}', '${KEY:?unset}', '${KEY+x}', '${ KEY }', '${KEY }', '${ KEY:-x}'];
    const result = substituteEnv({ model: { api_key: forms } }, { KEY: 'k' });
    expect(result.issues.map((issue) => [issue.code, issue.path.at(-1), issue.message])).toEqual(
      forms.map((form, i) => ['ENV_MALFORMED', i, `\`${form}\` is not a reference holodeck reads`]),
    );
    expect(result.issues[0]?.hint).toBe('write ${KEY} or ${KEY:-default}; for the text itself, write $${KEY-}');
    const escaped = substituteEnv(
      forms.map((form) => `$${form}`),
      { KEY: 'k' },
    );
    expect(escaped).toMatchObject({ value: forms, issues: [] });
    // A template literal of a question (`${a + b}`) is no reference in any form: text as written.
    expect(substituteEnv('What is `${a + b}`?', {})).toMatchObject({ value: 'What is `${a + b}`?', issues: [] });
  });

  it('refuses $NAME as an API key, a header or a tool server environment value, where only ${NAME} is read', () => {
    const data = {
      model: { api_key: '$OPENAI_API_KEY' },
      tools: [{ headers: { Authorization: 'Bearer $TOKEN' }, env: { PATH: '$PATH:/bin', LEVEL: 'cost $5' } }],
      test_cases: [{ input: 'Is $AAPL above $200?' }],
      more: [{ env: { DB_PASSWORD: 'Xy7!$SECRETPART99' } }],
    };
    const result = substituteEnv(data, {});
    expect(result.issues.map((issue) => [issue.path.join('.'), issue.message, issue.hint])).toEqual([
      [
        'model.api_key',
        '`$OPENAI_API_KEY` would be sent as it is written',
        'holodeck reads environment variables written ${OPENAI_API_KEY}',
      ],
      [
        'tools.0.headers.Authorization',
        '`$TOKEN` would be sent as it is written',
        'holodeck reads environment variables written ${TOKEN}',
      ],
      [
        'tools.0.env.PATH',
        '`$PATH` would be sent as it is written',
        'holodeck reads environment variables written ${PATH}',
      ],
    ]);
  });

  it('refuses a default that holds another reference, which would be read cut in two', () => {
    const result = substituteEnv({ model: { name: '${M:-${N:-gpt-4o-mini}}' } }, {});
    expect(result.issues).toEqual([
      expect.objectContaining({
        code: 'ENV_MALFORMED',
        path: ['model', 'name'],
        message: 'the default of ${M:-…} holds another ${…} reference',
      }),
    ]);
    expect(substituteEnv('${M:-$${N}}', {}).issues).toEqual([]);
  });

  it('returns the input itself when nothing changes, and does not mutate it when something does', () => {
    const untouched = { a: ['x'], b: { c: 1 } };
    expect(substituteEnv(untouched, {}).value).toBe(untouched);
    const input = { a: { b: '${X}' }, keep: { same: true } };
    const result = substituteEnv(input, { X: 'y' }).value as typeof input;
    expect(input.a.b).toBe('${X}');
    expect(result.a.b).toBe('y');
    expect(result.keep).toBe(input.keep);
  });
});
