// ESLint for the TypeScript sources (`npm run lint`, part of `npm test`): typescript-eslint's
// recommended rules with type information, plus a few strict ones that catch real bugs in this
// code base — a promise nobody awaits (a lost error or an unordered write), a promise passed
// where a callback's result is ignored, and `await` of something that is not a promise.
// The layering (what may import what) is dependency-cruiser's job: .dependency-cruiser.cjs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'artifacts/**', 'packaging/**', '**/*.vsix', 'test/**/fixtures/**', 'examples/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // node:test's test()/describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }],
      }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // Off, with reasons: the XML, JSON and ANSI scanners match control characters on purpose;
      // async methods that implement a Promise-returning interface need no await; String() of a
      // parsed scalar ("25.00", true) is how the sandbox and request files coerce on purpose.
      'no-control-regex': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests (and the generator scripts) read parsed JSON and XML answers field by field; typing
    // every answer would add nothing the assertions do not already check. A cast of a command's
    // result reads as clearly as the generic spelling the assertion rule asks for.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Tests and benches load the built bundles (dist/*.js) by path, as VS Code does.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    rules: { '@typescript-eslint/no-require-imports': 'off' }, // CommonJS scripts and configs require by nature
    languageOptions: { globals: { process: 'readonly', console: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly', URL: 'readonly', setTimeout: 'readonly', Buffer: 'readonly' } },
  },
  {
    // The JavaScript SDK stand-in runs in other people's checkout pages (the Local sandbox serves
    // it): a browser script, which must never turn text into code or markup (a hostile option or
    // answer would run), set inline styles or handlers (a strict Content-Security-Policy refuses
    // them) or log (card data must never reach a console).
    files: ['src/sandbox/jsSdk/js-sdk/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { window: 'readonly', document: 'readonly', fetch: 'readonly', URL: 'readonly', Promise: 'readonly', console: 'readonly' },
    },
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-script-url': 'error',
      'no-console': ['error', { allow: ['warn'] }],
      'no-restricted-properties': ['error',
        ...['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'srcdoc', 'createContextualFragment', 'parseFromString'].map((property) => ({
          property, message: 'Build elements with createElement and fill them with textContent: never parse text as HTML.',
        })),
        ...['write', 'writeln'].map((property) => ({ object: 'document', property, message: 'Build elements with createElement.' })),
      ],
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name='setAttribute'][arguments.0.value=/^(on|style$|href$|src$|action$|formaction$)/i]",
        message: 'No handler, style or URL attributes: a strict Content-Security-Policy refuses them, and a URL attribute could carry javascript:.',
      }],
    },
  },
);
