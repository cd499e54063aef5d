/**
 * The `yaml` package, imported only when a YAML file is read or written, so that the sample's JSON files
 * work in a copy of the sample where `yaml` is not installed.
 */

export type YamlModule = typeof import('yaml');

/** `yaml` is not installed where the sample runs. */
export class YamlMissingError extends Error {
  constructor(purpose: string) {
    super(`${purpose} needs the yaml package, which is not installed here: run npm install yaml, or use JSON`);
    this.name = 'YamlMissingError';
  }
}

/** `yaml`, or a YamlMissingError saying what needs it (`purpose`, e.g. "writing --out cases.yaml"). */
export async function loadYaml(purpose: string): Promise<YamlModule> {
  try {
    return await import('yaml');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') throw new YamlMissingError(purpose);
    throw error;
  }
}
