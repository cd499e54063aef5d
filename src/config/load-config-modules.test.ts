import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  at,
  expectConfig,
  fixture,
  formattedIssues,
  HEAD,
  loadYaml,
} from '../../test/support/config/fixtures/config-tree.js';

const GRADERS = fixture('graders/answer-graders.ts');

/** A multi-turn case whose second turn uses the grader `spec`. */
function graderYaml(spec: string): string {
  return (
    `${HEAD}test_cases:\n  - name: JKHY-2009\n    turns:\n      - input: q1\n      - input: q2\n` +
    `        evaluations: [{ type: code, grader: "${spec}" }]\n`
  );
}

describe('code graders', () => {
  it('imports TypeScript and JavaScript graders, default export included', async () => {
    const yaml =
      `${HEAD}evaluations:\n  metrics:\n    - { type: code, grader: "${GRADERS}:halfCredit", name: half }\n` +
      `    - { type: code, grader: "${fixture('graders/plain-grader.mjs')}:nonEmpty" }\n` +
      `    - { type: code, grader: "${GRADERS}:default" }\n` +
      'test_cases: [{ name: t, input: q }]\n';
    const metrics = expectConfig(await loadYaml(yaml)).evaluations.metrics;
    expect(metrics.map((metric) => [metric.name, metric.type === 'code' && typeof metric.grader_fn])).toEqual([
      ['half', 'function'],
      ['nonEmpty', 'function'],
      ['default', 'function'],
    ]);
  });

  it('names the test case, the turn and the grader when the file does not exist', async () => {
    const yaml = graderYaml('graders/missing.ts:grade');
    const loaded = await loadYaml(yaml);
    expect(formattedIssues(loaded)).toEqual([
      `${at(yaml, '"graders/')}  test_cases[0] "JKHY-2009" › turns[1].evaluations[0].grader\n` +
        `  cannot load grader "graders/missing.ts:grade": file not found: ${join(loaded.dir, 'graders/missing.ts')} ` +
        '(nor an installed package "graders") — paths are relative to the config folder; a package must be installed beside it',
    ]);
  });

  it('lists the available exports when the export is missing', async () => {
    const yaml = graderYaml(`${GRADERS}:exactAnswr`);
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, `"${GRADERS}`)}  test_cases[0] "JKHY-2009" › turns[1].evaluations[0].grader\n` +
        `  cannot load grader "${GRADERS}:exactAnswr": ${GRADERS} has no export "exactAnswr" ` +
        '(available: default, exactAnswer, halfCredit, notAGrader) — did you mean `exactAnswer`?',
    ]);
  });

  it('rejects an export that is not a function', async () => {
    const yaml = graderYaml(`${GRADERS}:notAGrader`);
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, `"${GRADERS}`)}  test_cases[0] "JKHY-2009" › turns[1].evaluations[0].grader\n` +
        `  grader "${GRADERS}:notAGrader" is not a function (it is a number (42)) — ` +
        'export a function (context) => boolean | number | { score, passed?, reason? }',
    ]);
  });

  it('reports a module that throws when imported', async () => {
    const yaml = graderYaml(`${fixture('broken/throws-on-import.ts')}:neverReached`);
    const [line] = formattedIssues(await loadYaml(yaml));
    expect(line).toContain('turns[1].evaluations[0].grader\n  cannot load grader');
    expect(line).toMatch(
      /threw: this module refuses to load \(at \/\S+\/broken\/throws-on-import\.ts:\d+:\d+\) — fix the error in the module/,
    );
  });

  it('rejects a grader that is not "path:export"', async () => {
    const yaml = graderYaml('graders/grade.ts');
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, '"graders/')}  test_cases[0] "JKHY-2009" › turns[1].evaluations[0].grader\n` +
        '  must be "path/or/package:exportName" — for example "graders/my-grader.ts:grade"',
    ]);
  });
});

describe('module backend', () => {
  const head = 'name: a\nmodel: { provider: ollama, name: m }\n';
  const cases = 'test_cases: [{ name: t, input: q }]\n';

  it('imports the agent factory', async () => {
    const spec = `${fixture('agents/echo-agent.ts')}:createAgent`;
    const backend = expectConfig(await loadYaml(`${head}backend: { module: "${spec}" }\n${cases}`)).backend;
    expect(backend.type).toBe('module');
    expect(backend.type === 'module' && backend.module).toBe(spec);
    expect(backend.type === 'module' && typeof backend.factory).toBe('function');
  });

  it('reports a missing module and a factory that is not a function', async () => {
    const missing = `${head}backend: { module: "./agents/none.ts:createAgent" }\n${cases}`;
    const loaded = await loadYaml(missing);
    expect(formattedIssues(loaded)).toEqual([
      `${at(missing, '"./agents')}  backend.module\n  cannot load the agent module "./agents/none.ts:createAgent": ` +
        `file not found: ${join(loaded.dir, 'agents/none.ts')} — paths are relative to the config folder; a package must be installed beside it`,
    ]);
    const spec = `${fixture('agents/echo-agent.ts')}:notAFactory`;
    const notFunction = `${head}backend: { module: "${spec}" }\n${cases}`;
    expect(formattedIssues(await loadYaml(notFunction))).toEqual([
      `${at(notFunction, '"/')}  backend.module\n  the agent module "${spec}" is not a function ` +
        '(it is a string ("an agent needs a factory fu...")) — export a factory (context) => ({ send(turn) { ... } }) that opens one session per test case',
    ]);
  });

  it('says what is wrong with a misspelt module backend, not that the model it does not need is missing', async () => {
    const yaml = `name: a\nbackend: { modul: "agent.ts:createAgent" }\n${cases}`;
    const issues = formattedIssues(await loadYaml(yaml));
    expect(issues.join('\n')).toContain('unknown key `modul` — did you mean `module`?');
    expect(issues.join('\n')).not.toContain('missing `model`');
    // A Claude backend runs a model: its model is still asked for.
    const claude = `name: a\nbackend: { claude_agent_sdk: {} }\n${cases}`;
    expect(formattedIssues(await loadYaml(claude)).join('\n')).toContain('missing `model`');
  });
});

describe('function tools', () => {
  const finance = fixture('tools/finance.ts');
  const wrap = (tools: string) =>
    `name: a\nmodel: { provider: ollama, name: m }\ntools:\n${tools}test_cases: [{ name: t, input: q }]\n`;

  it('defaults the export to the tool name, and lets the YAML override a definition', async () => {
    const yaml = wrap(
      `  - { name: divide, type: function, file: ${finance}, description: Custom., parameters: { type: object } }\n`,
    );
    const [tool] = expectConfig(await loadYaml(yaml)).tools;
    expect(
      tool?.type === 'function' && [tool.function, tool.definition.description, tool.definition.parameters],
    ).toEqual(['divide', 'Custom.', { type: 'object' }]);
  });

  it('requires parameters for a plain function', async () => {
    const yaml = wrap(`  - { name: subtract, type: function, file: ${finance} }\n`);
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, '{ name: subtract')}  tools[0].parameters\n` +
        '  tool "subtract": the export "subtract" is a plain function, so `parameters` is required — add parameters: ' +
        '(a JSON Schema object such as { type: object, properties: {...}, required: [...] }), or export a tool definition { description, parameters, execute }',
    ]);
  });

  it('refuses parameters that cannot be the schema of the arguments object, located where they are given', async () => {
    const yaml = wrap(
      `  - { name: subtract, type: function, file: ${finance}, parameters: { a: { type: number }, b: { type: number } } }\n` +
        `  - { name: divide, type: function, file: ${finance}, parameters: { type: array } }\n`,
    );
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, '{ a: { type')}  tools[0].parameters\n` +
        '  tool "subtract": `parameters` holds the properties of the arguments alone: it is the JSON Schema of the arguments object — write { type: object, properties: { a: …, b: … }, required: [a, b] }',
      `${at(yaml, '{ type: array')}  tools[1].parameters\n` +
        '  tool "divide": the arguments of a tool are one object, so `parameters.type` must be object (got "array")',
    ]);
  });

  it('refuses a misspelt type or keyword in parameters, located at it, since the calls would go unchecked', async () => {
    const yaml = wrap(
      `  - { name: subtract, type: function, file: ${finance}, parameters: { type: object, properties: { a: { type: numbr } } } }\n` +
        `  - { name: divide, type: function, file: ${finance}, parameters: { type: object, requried: [a] } }\n` +
        `  - { name: add, type: function, file: ${finance}, function: subtract, parameters: { type: object, required: a } }\n`,
    );
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, 'numbr')}  tools[0].parameters.properties.a.type\n` +
        '  tool "subtract": parameters.properties.a.type: "numbr" is no JSON Schema type (string, number, integer, boolean, object, array, null): did you mean number?',
      `${at(yaml, '[a] }')}  tools[1].parameters.requried\n` +
        '  tool "divide": parameters.requried: `requried` is no JSON Schema keyword, so it would be ignored: did you mean `required`?',
      `${at(yaml, 'a } }\n')}  tools[2].parameters.required\n` +
        '  tool "add": parameters.required: `required` is a list of property names, got string "a"',
    ]);
  });

  it('reports every slip of one parameters schema, each located at it', async () => {
    const yaml = wrap(
      `  - { name: typo, type: function, file: ${finance}, function: subtract, parameters: { type: object, propertiez: { a: { type: number } }, requird: [a] } }\n` +
        `  - { name: typo2, type: function, file: ${finance}, function: subtract, parameters: { type: object, minProps: 1, properties: { a: { type: numbr, minimun: 1 } } } }\n`,
    );
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, '{ a: { type: number } }')}  tools[0].parameters.propertiez\n` +
        '  tool "typo": parameters.propertiez: `propertiez` is no JSON Schema keyword, so it would be ignored: did you mean `properties`?',
      `${at(yaml, '[a] }')}  tools[0].parameters.requird\n` +
        '  tool "typo": parameters.requird: `requird` is no JSON Schema keyword, so it would be ignored: did you mean `required`?',
      `${at(yaml, '1, properties')}  tools[1].parameters.minProps\n` +
        '  tool "typo2": parameters.minProps: `minProps` is no JSON Schema keyword, so it would be ignored: did you mean `minProperties`?',
      `${at(yaml, 'numbr')}  tools[1].parameters.properties.a.type\n` +
        '  tool "typo2": parameters.properties.a.type: "numbr" is no JSON Schema type (string, number, integer, boolean, object, array, null): did you mean number?',
      `${at(yaml, '1 } } } }')}  tools[1].parameters.properties.a.minimun\n` +
        '  tool "typo2": parameters.properties.a.minimun: `minimun` is no JSON Schema keyword, so it would be ignored: did you mean `minimum`?',
    ]);
  });

  it("refuses a definition's own parameters of another type, located at the export", async () => {
    const yaml = wrap('  - { name: mul, type: function, file: def.mjs }\n');
    const files = {
      'def.mjs': "export const mul = { description: 'x', parameters: { type: 'string' }, execute: () => 1 };\n",
    };
    expect(formattedIssues(await loadYaml(yaml, files))).toEqual([
      `${at(yaml, 'mul,')}  tools[0].name\n` +
        '  tool "mul": the parameters of the export "mul": the arguments of a tool are one object, so `parameters.type` must be object (got "string")',
    ]);
  });

  it('rejects an export that is neither a function nor a tool definition', async () => {
    const yaml = wrap(`  - { name: inc, type: function, file: ${finance}, function: incomplete }\n`);
    expect(formattedIssues(await loadYaml(yaml))).toEqual([
      `${at(yaml, 'incomplete')}  tools[0].function\n` +
        '  tool "inc": the export "incomplete" is neither a function nor a tool definition (it is an object) — ' +
        'export a function, or an object { description, parameters (JSON Schema), execute(args) }',
    ]);
  });

  it('reports a missing export, a missing file and a module that throws', async () => {
    const yaml = wrap(
      `  - { name: multiply, type: function, file: ${finance}, parameters: {} }\n` +
        '  - { name: lookup, type: function, file: ./tools/none.ts, parameters: {} }\n' +
        `  - { name: boom, type: function, file: ${fixture('broken/throws-on-import.ts')}, function: neverReached }\n`,
    );
    const loaded = await loadYaml(yaml);
    const lines = formattedIssues(loaded);
    expect(lines[0]).toBe(
      `${at(yaml, 'multiply')}  tools[0].name\n  cannot load tool "multiply": ${finance} has no export "multiply" ` +
        '(available: divide, incomplete, subtract) — export it under this name, or fix the name',
    );
    expect(lines[1]).toBe(
      `${at(yaml, './tools/none.ts')}  tools[1].file\n  cannot load tool "lookup": file not found: ${join(loaded.dir, 'tools/none.ts')} — ` +
        'paths are relative to the config folder; a package must be installed beside it',
    );
    expect(lines[2]).toMatch(
      /^agent\.yaml:\d+:\d+ {2}tools\[2\]\.file\n {2}cannot load tool "boom": importing .* threw: this module refuses to load/,
    );
  });
});
