#!/usr/bin/env node
/**
 * Bundles the command line (src/cli/main.ts and what it imports) into dist/cli/main.js with esbuild, so a run
 * reads a few files instead of hundreds before its first model request. Run by `npm run build` after tsc,
 * whose output stays in dist/ as the library entry (dist/index.js and its .d.ts), the user-code worker
 * thread's script and the files the bundle's modules point at.
 *
 * - dist/cli/main.js (the bin) is a few lines that turn on Node's module compile cache where the runtime has
 *   it (`module.enableCompileCache`, Node 22.1+; Node 20 runs without) and then import the bundle,
 *   dist/cli/main.bundle.mjs, so the cache covers every chunk.
 * - The worker threads' scripts are entries of the same bundle (dist/cli/case-worker.bundle.mjs,
 *   user-code-worker.bundle.mjs), so they share its chunks and its patches below.
 * - ES modules for Node 20, split into chunks so each lazy `import()` stays lazy: a command, a reporter, a
 *   backend or an SDK loads only when the run needs it.
 * - Every chunk is written beside main.js (dist/cli/chunk-*.mjs), one folder deep like the tsc output, and in
 *   each source file `import.meta.url` becomes the URL of that file's tsc output (dist/<same path>.js), so
 *   files found relative to a module (package.json, assets/, schema/, the dashboard page, the worker script,
 *   `createRequire` and tsx's `tsImport` parent) resolve as they do from the unbundled build.
 * - Packages are bundled too, except those that must stay separate files: the optional Claude Agent SDK
 *   (a peer dependency, loaded only if installed), tsx (Node loader hooks registered from its own files) and
 *   packages that read their own files at run time.
 */
import { readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLI_ENTRY = `${ROOT}src/cli/main.ts`;
/**
 * The worker threads' scripts, bundled beside the command line and sharing its chunks: a case worker or a
 * user-code thread loads the same few files as the main thread (with the same patches below) instead of
 * hundreds of modules from dist/ and node_modules. The bundle tells src/workers/spawn-worker.ts so through
 * HOLODECK_BUNDLED_WORKERS.
 */
export const WORKER_ENTRIES = {
  'case-worker.bundle': `${ROOT}src/cli/case-workers/case-worker.ts`,
  'user-code-worker.bundle': `${ROOT}src/workers/user-code-worker.ts`,
};
export const CLI_OUT_DIR = `${ROOT}dist/cli`;
/** Which sources each output file holds (for the tests that check what a run loads); not packed. */
export const CLI_BUNDLE_MAP = `${ROOT}dist/cli-bundle-map.json`;

/** Packages left as `import` of node_modules: loaded by Node from their own files. */
export const EXTERNAL_PACKAGES = ['@anthropic-ai/claude-agent-sdk', 'tsx', 'unpdf', 're2js'];

/** Rewrites `import.meta.url` in a source file to the URL its tsc output has (dist/<path>.js). */
const importMetaUrlAsBuilt = {
  name: 'import-meta-url-as-built',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const built = relative(`${ROOT}src`, args.path).replace(/\\/g, '/').replace(/\.ts$/, '.js');
      const url = `new URL(${JSON.stringify(`../${built}`)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * zod's locales index (`z.locales`, re-exported by zod's entry points) holds the messages of ~50 languages,
 * about 250 KB that every run would parse. holodeck's messages are English (zod registers `en` itself, from
 * its own file): `z.locales` keeps `en` only.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(args.importer)
        ? { path: 'en-only', namespace: 'zod-locales', pluginData: join(dirname(args.importer), '../locales/en.js') }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.pluginData)};\n`,
      resolveDir: dirname(args.pluginData),
      loader: 'js',
    }));
  },
};

/**
 * The AI SDK's provider utilities import zod 3 (~115 KB) for one value, the `ZodFirstPartyTypeKind` names their
 * converter of zod 3 schemas to JSON Schema switches on: they get that object alone, copied from zod 3 at
 * build time. A converter that needed more of zod 3 would fail the build (no such export), not a run.
 */
const zod3KindsOnly = {
  name: 'zod3-kinds-only',
  setup(build) {
    build.onResolve({ filter: /^zod\/v3$/ }, (args) =>
      /[\\/]node_modules[\\/]@ai-sdk[\\/]provider-utils[\\/]/.test(args.importer)
        ? { path: 'zod3-kinds', namespace: 'zod3-kinds' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod3-kinds' }, async () => {
      const { ZodFirstPartyTypeKind } = await import('zod/v3');
      return {
        contents: `export const ZodFirstPartyTypeKind = ${JSON.stringify(ZodFirstPartyTypeKind)};\n`,
        loader: 'js',
      };
    });
  },
};

/**
 * The AI SDK provider utilities build every request's headers through a web `Headers` object: touching that
 * global makes Node load its built-in fetch (undici), ~35 ms of CPU before the first model request, and each
 * call pays for the object. Their `normalizeHeaders` and `withUserAgentSuffix` are replaced by holodeck's
 * (src/backends/ai-sdk/plain-headers.ts: the same records, a real `Headers` for anything unusual). The
 * functions are matched by their exact text: another version of the package fails the build here, to be
 * looked at, rather than being bundled unpatched without notice.
 */
const PLAIN_HEADERS = `${ROOT}src/backends/ai-sdk/plain-headers.ts`;
const PROVIDER_UTILS = /[\\/]node_modules[\\/]@ai-sdk[\\/]provider-utils[\\/]dist[\\/]index\.mjs$/;
const SDK_HEADER_FUNCTIONS = [
  `function normalizeHeaders(headers) {
  if (headers == null) {
    return {};
  }
  const normalized = {};
  if (headers instanceof Headers) {
    headers.forEach((value, key) => {
      normalized[key.toLowerCase()] = value;
    });
  } else {
    if (!Array.isArray(headers)) {
      headers = Object.entries(headers);
    }
    for (const [key, value] of headers) {
      if (value != null) {
        normalized[key.toLowerCase()] = value;
      }
    }
  }
  return normalized;
}
`,
  `function withUserAgentSuffix(headers, ...userAgentSuffixParts) {
  const normalizedHeaders = new Headers(normalizeHeaders(headers));
  const currentUserAgentHeader = normalizedHeaders.get("user-agent") || "";
  normalizedHeaders.set(
    "user-agent",
    [currentUserAgentHeader, ...userAgentSuffixParts].filter(Boolean).join(" ")
  );
  return Object.fromEntries(normalizedHeaders.entries());
}
`,
];

/**
 * Their validation of each model response against the provider's zod schema tries the synchronous parse first
 * (src/backends/ai-sdk/sync-first-parse.ts): the same result, without the promises of `safeParseAsync`.
 */
const SYNC_FIRST = `${ROOT}src/backends/ai-sdk/sync-first-parse.ts`;
const SDK_ASYNC_PARSE = 'const result = await z4.safeParseAsync(zodSchema2, value);';
const SYNC_FIRST_PARSE = 'const result = await safeParseSyncFirst(zodSchema2, value);';

const plainProviderHeaders = {
  name: 'plain-provider-headers',
  setup(build) {
    build.onLoad({ filter: PROVIDER_UTILS }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      let source = await readFile(args.path, 'utf8');
      const nested = /[\\/]node_modules[\\/].*[\\/]node_modules[\\/]/.test(args.path);
      const missing = SDK_HEADER_FUNCTIONS.filter((text) => !source.includes(text));
      if (missing.length > 0) {
        if (nested) return { contents: source, loader: 'js' };
        throw new Error(
          `${args.path} no longer defines ${missing.map((text) => text.slice(9, text.indexOf('('))).join(' and ')} as scripts/bundle-cli.mjs expects: check src/backends/ai-sdk/plain-headers.ts against it and update both`,
        );
      }
      for (const text of SDK_HEADER_FUNCTIONS) source = source.replace(text, '');
      if (!source.includes(SDK_ASYNC_PARSE)) {
        if (nested) return { contents: source, loader: 'js' };
        throw new Error(
          `${args.path} no longer validates with ${JSON.stringify(SDK_ASYNC_PARSE)} as scripts/bundle-cli.mjs expects: check src/backends/ai-sdk/sync-first-parse.ts against it and update both`,
        );
      }
      source = source.replace(SDK_ASYNC_PARSE, SYNC_FIRST_PARSE);
      const using =
        `import { normalizeHeaders, withUserAgentSuffix } from ${JSON.stringify(PLAIN_HEADERS)};\n` +
        `import { safeParseSyncFirst } from ${JSON.stringify(SYNC_FIRST)};\n`;
      return { contents: using + source, loader: 'js' };
    });
  },
};

/**
 * commander requires `node:child_process` when it loads, for stand-alone executable subcommands holodeck does
 * not have: Node would load child_process, dgram and their internals (a few ms) on every start. commander gets
 * an object whose `spawn` requires it on first use. Matched by exact text: another version of commander fails
 * the build here rather than being bundled unpatched without notice.
 */
const COMMANDER_COMMAND = /[\\/]node_modules[\\/]commander[\\/]lib[\\/]command\.js$/;
const COMMANDER_CHILD_PROCESS = "const childProcess = require('node:child_process');";
const lazyCommanderChildProcess = {
  name: 'lazy-commander-child-process',
  setup(build) {
    build.onLoad({ filter: COMMANDER_COMMAND }, async (args) => {
      const { readFile } = await import('node:fs/promises');
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(COMMANDER_CHILD_PROCESS)) {
        throw new Error(
          `${args.path} no longer starts with ${JSON.stringify(COMMANDER_CHILD_PROCESS)} as scripts/bundle-cli.mjs expects: check its use of child_process and update the patch`,
        );
      }
      const lazy = "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };";
      return { contents: source.replace(COMMANDER_CHILD_PROCESS, lazy), loader: 'js' };
    });
  },
};

/**
 * Removes the chunks of an earlier bundle that this one no longer has, so stale ones do not pile up in
 * dist/cli. Only after the new ones are written: a CLI started meanwhile (a test, another build) still finds
 * every chunk it imports, as chunk names are hashes of their content.
 */
async function removeStaleChunks(dir, outputs) {
  const current = new Set(Object.keys(outputs).map((path) => path.split('/').pop()));
  const names = await readdir(dir).catch(() => []);
  // Bundles before chunks were `.mjs` left chunk-*.js and main.bundle.js (names tsc never writes).
  const stale = names.filter((name) => /^(chunk-.*\.m?js|main\.bundle\.js)$/.test(name) && !current.has(name));
  await Promise.all(stale.map((name) => rm(`${dir}/${name}`, { force: true })));
}

export async function bundleCli({
  entry = CLI_ENTRY,
  outdir = CLI_OUT_DIR,
  external = EXTERNAL_PACKAGES,
  workers = entry === CLI_ENTRY ? WORKER_ENTRIES : {},
} = {}) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: { 'main.bundle': entry, ...workers },
    define: { HOLODECK_BUNDLED_WORKERS: 'true' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunk-[hash]',
    // `.mjs`: Node knows each chunk is an ES module from its name, without looking for the package.json
    // that says so (~0.2 ms saved for each of the ~60 modules a run loads).
    outExtension: { '.js': '.mjs' },
    external,
    // Bundled CommonJS packages call require() for Node built-ins: give the ES module a require.
    banner: {
      js: "import { createRequire as __holodeckRequire } from 'node:module';\nconst require = __holodeckRequire(import.meta.url);",
    },
    legalComments: 'none',
    logLevel: 'silent',
    metafile: true,
    plugins: [importMetaUrlAsBuilt, zodEnglishOnly, zod3KindsOnly, plainProviderHeaders, lazyCommanderChildProcess],
    absWorkingDir: ROOT,
  });
  await writeFile(`${outdir}/main.js`, LAUNCHER, { mode: 0o755 });
  // tsc's map of the main.js this replaces would point the launcher's lines at src/cli/main.ts.
  await rm(`${outdir}/main.js.map`, { force: true });
  if (outdir === CLI_OUT_DIR) await writeFile(CLI_BUNDLE_MAP, `${JSON.stringify(bundleMap(result.metafile))}\n`);
  await removeStaleChunks(outdir, result.metafile.outputs);
  return result;
}

/** `{ "chunk-X.js": ["src/...", "node_modules/..."] }` for every output file. */
function bundleMap(metafile) {
  const map = {};
  for (const [path, output] of Object.entries(metafile.outputs)) {
    map[path.split('/').pop()] = Object.keys(output.inputs);
  }
  return map;
}

/** The bin: compile cache first (when the runtime has one), then the bundle. */
const LAUNCHER = `#!/usr/bin/env node
// Generated by scripts/bundle-cli.mjs: the holodeck command line is in main.bundle.mjs and its chunks.
import module from 'node:module';

module.enableCompileCache?.();
try {
  await import('./main.bundle.mjs');
} catch (error) {
  // Too few open files to load the command line itself: one line and exit 3, as the command line says it.
  if (error?.code !== 'EMFILE') throw error;
  const limit = process.report?.getReport().userLimits?.open_files?.soft;
  process.stderr.write(\`error: too many open files (ulimit -n is \${limit}) while opening \${error.path}: raise the limit (ulimit -n 4096) and run again\\n\`);
  process.exitCode = 3;
}
`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const result = await bundleCli();
    const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.mjs'));
    const chunks = files.filter((f) => !f.endsWith('.bundle.mjs')).length;
    const workers = Object.keys(WORKER_ENTRIES).length;
    console.log(`cli bundled: dist/cli/main.js → main.bundle.mjs, ${workers} worker scripts and ${chunks} chunks`);
  } catch (error) {
    console.error(`cannot bundle the cli: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
