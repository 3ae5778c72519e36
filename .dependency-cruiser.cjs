// The layering of src/, enforced by `npm run lint` (and so by `npm test`); docs/architecture.md
// explains the layers. Front ends (src/extension, src/cli) sit on top; below them the layers point
// down only: language → sandbox → core → catalog. test/package/layering.test.ts proves a violation
// fails the run.

/** Below the front ends, what each layer must not import (everything above it). */
const POINTS_DOWN = [
  { layer: 'core', notTo: ['sandbox', 'language', 'cli', 'extension'],
    comment: 'core (HTTP client, run engine, request files) may use only the catalog.' },
  { layer: 'sandbox', notTo: ['language', 'cli', 'extension'],
    comment: 'The Local sandbox may use core and the catalog, never the language server or a front end.' },
  { layer: 'language', notTo: ['sandbox', 'cli', 'extension'],
    comment: "The language server reads the catalog and core; what it needs to know about the Local sandbox is public data in the catalog, not the sandbox's internals." },
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'vscode-only-in-extension',
      comment: "Only the VS Code adapters (src/extension) may import 'vscode': everything else also runs in the CLI and the language server.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/extension/' },
      to: { path: '(^|/)vscode$|node_modules/@types/vscode/' },
    },
    {
      name: 'catalog-imports-nothing',
      comment: 'The catalog is plain data read by every layer and the activation bundle: it imports only itself (no third-party code, no Node modules, no other layer).',
      severity: 'error',
      from: { path: '^src/catalog/' },
      to: { pathNot: '^src/catalog/' },
    },
    ...POINTS_DOWN.map(({ layer, notTo, except, comment }) => ({
      name: `${layer}-points-down`,
      comment,
      severity: 'error',
      from: { path: `^src/${layer}/` },
      to: { path: `^src/(${notTo.join('|')})/`, ...(except ? { pathNot: except } : {}) },
    })),
    {
      name: 'front-ends-apart',
      comment: 'The CLI and the extension are two front ends on the same layers; neither imports the other.',
      severity: 'error',
      from: { path: '^src/(cli|extension)/' },
      to: { path: '^src/(cli|extension)/', pathNot: '^src/$1/' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make load order matter and layers meaningless. Type-only imports are erased at build time, so a cycle through one (src/extension/contracts.ts describes the API its parts implement) does not count.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports and that imports nothing is dead code (or a file someone forgot to wire up). The browser script the sandbox serves (src/sandbox/jsSdk/js-sdk/) is read from disk, not imported; the Gateway Overview page\'s script (src/extension/overview/webview/) is an esbuild entry of its own, loaded by the webview.',
      severity: 'error',
      from: { orphan: true, pathNot: ['\\.d\\.ts$', '^src/sandbox/jsSdk/js-sdk/[^/]+\\.js$', '^src/extension/overview/webview/[^/]+\\.ts$'] },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that does not resolve fails at bundle time; catch it here with the module named.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^vscode$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
