/**
 * The dependency arrows of ARCHITECTURE.md, checked in CI.
 * cli → everything; runner → core, matchers; config/backends/tools/evaluators/reporters/dashboard/files → core
 * (+ matchers, loader, workers, records where they must); records (the run record's schema, reader, upgrades) → core; workers (user code in worker threads) → core, loader;
 * loader, matchers → core; core → nothing.
 */
const layer = (name, allowed) => ({
  name: `${name}-imports-only-${allowed.join('-') || 'nothing'}`,
  severity: 'error',
  from: { path: `^src/${name}/` },
  to: {
    path: '^src/',
    pathNot: [`^src/${name}/`, ...allowed.map((a) => `^src/${a}/`)],
  },
});

module.exports = {
  forbidden: [
    layer('core', []),
    layer('matchers', ['core']),
    layer('loader', ['core']),
    layer('files', ['core']),
    layer('config', ['core', 'matchers', 'loader']),
    layer('workers', ['core', 'loader']),
    layer('tools', ['core', 'matchers', 'loader', 'workers']),
    layer('backends', ['core', 'tools', 'loader']),
    layer('evaluators', ['core', 'matchers', 'workers']),
    layer('records', ['core']),
    layer('reporters', ['core', 'matchers', 'records']),
    layer('dashboard', ['core', 'records']),
    layer('runner', ['core', 'matchers']),
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'product-imports-no-test-support',
      comment: 'src/ is the product: test support lives in test/support/ and only tests import it',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'only-cli-imports-index',
      severity: 'error',
      from: { path: '^src/(?!cli/|index\\.ts)' },
      to: { path: '^src/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.test\\.ts$' },
  },
};
