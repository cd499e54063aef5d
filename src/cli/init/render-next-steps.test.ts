import { describe, expect, it } from 'vitest';
import { INIT_PROVIDER_NAMES, INIT_PROVIDERS } from './init-providers.js';
import { type NextStepsOptions, renderNextSteps } from './render-next-steps.js';
import { renderProject } from './render-project.js';

const options = (overrides: Partial<NextStepsOptions>): NextStepsOptions => ({
  dir: 'shop',
  files: renderProject({ provider: 'ollama', model: 'llama3.2' }),
  provider: 'ollama',
  model: 'llama3.2',
  holodeck_installed: true,
  holodeck_source: '/opt/holodeck tools/holodeck',
  ...overrides,
});

const steps = (text: string) =>
  text
    .slice(text.indexOf('Next:\n') + 6)
    .trimEnd()
    .split('\n');

describe('renderNextSteps', () => {
  it('lists every file written with what it is for', () => {
    const text = renderNextSteps(options({}));
    expect(text).toMatch(/^Wrote a holodeck project \(model ollama:llama3\.2\) in shop:\n/);
    for (const file of options({}).files)
      expect(text).toMatch(new RegExp(`^ {2}${file.path.replace('.', '\\.')} +\\S`, 'm'));
  });

  it('gives cd, the way to reach the model, validate and test; for ollama the model to pull', () => {
    expect(steps(renderNextSteps(options({})))).toEqual([
      '  cd shop',
      expect.stringMatching(/^ {2}ollama pull llama3\.2 +# with Ollama running/),
      expect.stringMatching(/^ {2}npx holodeck validate +#/),
      expect.stringMatching(/^ {2}npx holodeck test -v +#/),
    ]);
  });

  it.each(INIT_PROVIDER_NAMES)('adapts the setup step to %s', (provider) => {
    const model = INIT_PROVIDERS[provider].default_model;
    const text = renderNextSteps(options({ provider, model, dir: '.' }));
    const step = INIT_PROVIDERS[provider].setup_step(model);
    expect(steps(text)[0]).toMatch(new RegExp(`^  ${step.command.replace(/[.*+?^$()|[\]\\]/g, '\\$&')} +# `));
  });

  it('names the key variables of the providers that need one', () => {
    const setup = (provider: 'openai' | 'anthropic' | 'azure_openai') =>
      steps(renderNextSteps(options({ provider, dir: '.' })))[0];
    expect(setup('openai')).toMatch(/^ {2}export OPENAI_API_KEY=/);
    expect(setup('anthropic')).toMatch(/^ {2}export ANTHROPIC_API_KEY=/);
    expect(setup('azure_openai')).toMatch(/^ {2}export AZURE_OPENAI_API_KEY=\S+ AZURE_OPENAI_ENDPOINT=/);
  });

  it('quotes a model name for the shell', () => {
    expect(steps(renderNextSteps(options({ model: 'my model', dir: '.' })))[0]).toMatch(
      /^ {2}ollama pull 'my model' +#/,
    );
  });

  it('leaves out cd for the current folder, quotes a folder with spaces, and adds the install when needed', () => {
    expect(steps(renderNextSteps(options({ dir: '.' })))[0]).toMatch(/ollama pull/);
    expect(renderNextSteps(options({ dir: '.' }))).toContain('in the current folder:');
    const text = renderNextSteps(options({ dir: 'my evals', holodeck_installed: false }));
    expect(steps(text).slice(0, 2)).toEqual([
      "  cd 'my evals'",
      expect.stringMatching(
        /^ {2}npm install --save-dev '\/opt\/holodeck tools\/holodeck' +# the tools and the grader import from 'holodeck' \(this holodeck, from its folder\)/,
      ),
    ]);
  });
});
