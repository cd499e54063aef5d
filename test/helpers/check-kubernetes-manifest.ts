/**
 * Checks Kubernetes manifests as the API server would: each document against the Kubernetes JSON schema of
 * its kind (the validators kubernetes-models generates from the Kubernetes OpenAPI definitions), and — since
 * those schemas let unknown fields through while `kubectl apply` refuses them (strict field validation) —
 * for unknown fields, by type-checking the document as an object literal of the model's TypeScript type.
 */
import { join } from 'node:path';
import ts from 'typescript';
import type { Yaml } from './ci-examples.js';
import { REPO_ROOT } from './run-cli.js';

/** The kinds the examples use: `apiVersion kind` → the kubernetes-models module and its interface. */
const KINDS: Readonly<Record<string, readonly [string, string]>> = {
  'batch/v1 Job': ['kubernetes-models/batch/v1/Job', 'IJob'],
  'v1 PersistentVolumeClaim': ['kubernetes-models/v1/PersistentVolumeClaim', 'IPersistentVolumeClaim'],
};

interface Validatable {
  validate(): void;
}

/** Every problem of every document, as `document N (Kind name): message`; empty when all are valid. */
export async function checkKubernetesManifests(documents: readonly Yaml[]): Promise<string[]> {
  const problems: string[] = [];
  const literals: string[] = [];
  for (const [i, document] of documents.entries()) {
    const label = `document ${i + 1} (${document?.kind} ${document?.metadata?.name})`;
    const kind = KINDS[`${document?.apiVersion} ${document?.kind}`];
    if (kind === undefined) {
      problems.push(`${label}: no schema here for ${document?.apiVersion} ${document?.kind}`);
      continue;
    }
    const [module, type] = kind;
    const model = (await import(module)) as Record<string, new (data: unknown) => Validatable>;
    const Model = model[type.slice(1)] as new (data: unknown) => Validatable;
    try {
      new Model(document).validate();
    } catch (error) {
      problems.push(`${label}: ${(error as Error).message}`);
    }
    literals.push(
      `import type { ${type} as T${i} } from '${module}';\nexport const d${i}: T${i} = ${JSON.stringify(document)};`,
    );
  }
  problems.push(...unknownFields(literals.join('\n')));
  return problems;
}

/** Parsed library and model type files, shared by every check (they do not change during a test run). */
const parsed = new Map<string, ts.SourceFile>();

/** TypeScript's excess-property errors (and any other type error) of the documents as typed literals. */
function unknownFields(source: string): string[] {
  const file = join(REPO_ROOT, 'test', 'helpers', '__kubernetes_manifest__.ts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => {
    if (name === file) return ts.createSourceFile(name, source, version);
    const cached = parsed.get(name) ?? getSourceFile(name, version, ...rest);
    if (cached !== undefined) parsed.set(name, cached);
    return cached;
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where =
      diagnostic.file === undefined || diagnostic.start === undefined
        ? ''
        : `${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1}: `;
    return `type check ${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}
