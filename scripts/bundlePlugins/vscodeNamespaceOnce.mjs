// An esbuild plugin for dist/extension.js: every one of our files that says
// `import * as vscode from 'vscode'` shares one namespace object. Without it esbuild gives each
// importing file its own copy, made at load by defining a getter for every name of the vscode
// API (a few hundred) — 50-odd copies at activation (bench/activation.ts). The API object
// itself is VS Code's, untouched; only the copies go.
export const vscodeNamespaceOnce = {
  name: 'vscode-namespace-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({ contents: 'export * from "vscode";', loader: 'js' }));
  },
};
