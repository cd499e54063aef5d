/** `holodeck init [DIR]`: writes a small, commented project that passes `holodeck validate` as written. */
import { resolve } from 'node:path';
import { didYouMean } from '../../config/did-you-mean.js';
import type { ProviderName } from '../../core/config-types.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { findInstalledHolodeck, schemaPathFrom } from '../init/find-installed-holodeck.js';
import { DEFAULT_INIT_PROVIDER, INIT_PROVIDER_NAMES, INIT_PROVIDERS, isInitProvider } from '../init/init-providers.js';
import { renderNextSteps } from '../init/render-next-steps.js';
import { type ProjectFile, renderProject } from '../init/render-project.js';
import { writeProjectFiles } from '../init/write-project-files.js';
import { packageRoot } from '../read-version.js';

export interface InitOptions {
  readonly provider?: string;
  readonly model?: string;
}

type Choice =
  | { readonly ok: true; readonly provider: ProviderName; readonly model: string }
  | { readonly ok: false; readonly message: string };

/** `--provider` defaults to ollama (no API key), `--model` to the provider's usual small model. */
export function chooseModel(options: InitOptions): Choice {
  const provider = options.provider ?? DEFAULT_INIT_PROVIDER;
  if (!isInitProvider(provider)) {
    return {
      ok: false,
      message: `unknown provider "${provider}" for --provider; ${suggestion(provider)}use one of ${INIT_PROVIDER_NAMES.join(', ')}`,
    };
  }
  const model = options.model?.trim() ?? INIT_PROVIDERS[provider].default_model;
  if (model === '') return { ok: false, message: '--model is blank; give a model name, e.g. --model llama3.2' };
  // A model name is one line of printable text: a line break or control character would break the YAML written.
  const control = [...model].find((char) => /[\p{Cc}\u2028\u2029]/u.test(char));
  if (control !== undefined) {
    const code = `U+${(control.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    return { ok: false, message: `--model holds a control character (${code}); give a model name on one line` };
  }
  return { ok: true, provider, model };
}

/** The role of a file that was there already, saying what was added to it. */
function withExtension(file: ProjectFile, added: readonly string[] | undefined): ProjectFile {
  if (added === undefined) return file;
  const what = added.length === 0 ? 'yours, which had what it needs' : `yours, with ${added.join(' and ')} added`;
  return { ...file, role: `${file.role} (${what})` };
}

export async function initCommand(dirArg: string, options: InitOptions): Promise<ExitCode> {
  const choice = chooseModel(options);
  if (!choice.ok) {
    process.stderr.write(`error: ${choice.message}\n`);
    return EXIT.config;
  }
  // A blank name would resolve to the current folder: write there only when asked for by `.`.
  if (dirArg.trim() === '') {
    process.stderr.write(
      'error: the folder name is blank: name the folder to create (holodeck init my-agent), or . for this one\n',
    );
    return EXIT.config;
  }
  const dir = resolve(dirArg);
  const installed = findInstalledHolodeck(dir);
  const files = renderProject({
    provider: choice.provider,
    model: choice.model,
    ...(installed === null ? {} : { schema_path: schemaPathFrom(dir, installed) }),
  });
  const outcome = await writeProjectFiles(dir, files);
  switch (outcome.kind) {
    case 'exists':
      process.stderr.write(
        `error: nothing written: ${outcome.paths.length === 1 ? 'this file already exists' : 'these files already exist'} in ${dir}:\n` +
          outcome.paths.map((path) => `  ${path}\n`).join('') +
          'holodeck init never overwrites: move them away, or name another folder (holodeck init my-agent)\n',
      );
      return EXIT.config;
    case 'failed':
      process.stderr.write(`error: ${outcome.message}\n`);
      return EXIT.config;
    case 'written':
      process.stdout.write(
        renderNextSteps({
          dir: dirArg,
          files: files.map((file) => withExtension(file, outcome.extended.get(file.path))),
          provider: choice.provider,
          model: choice.model,
          holodeck_installed: installed !== null,
          holodeck_source: packageRoot().replace(/[\\/]$/, ''),
        }),
      );
      return EXIT.ok;
  }
}

/** `OpenAI` → `did you mean \`openai\`? `; nothing when no provider is close. */
function suggestion(provider: string): string {
  const close = didYouMean(provider, INIT_PROVIDER_NAMES);
  return close === null ? '' : `${close} `;
}
