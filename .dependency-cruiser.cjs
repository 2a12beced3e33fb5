/**
 * The import rules of the house (`npm run check:deps`, run by CI): no cycles, and imports flow one way.
 * Server: `db/` and `lib/` are the bottom layer and never reach up into plugins or seed code.
 * Web: `lib/` and `components/` are shared by every feature and never import one; a feature uses
 * another only through that feature's public `index.ts`.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes load order matter and hides which module owns what.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-lower-layers-stay-low',
      severity: 'error',
      comment: 'db/ and lib/ are used by plugins and seed code, never the other way round.',
      from: { path: '^apps/server/src/(db|lib)/' },
      to: { path: '^apps/server/src/(plugins|seed|routes|cli)/' },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      severity: 'error',
      comment: 'lib/ and components/ serve every feature, so they cannot depend on one.',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-feature-through-its-index',
      severity: 'error',
      comment:
        "A feature reaches another only through that feature's public index.ts. A dynamic import() may name a " +
        'module inside another feature: re-exporting a lazily loaded module from an index would put it in the ' +
        "importer's bundle. A test may render another feature's component to check how the two work together.",
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^apps/web/src/features/([^/]+)/.+',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
