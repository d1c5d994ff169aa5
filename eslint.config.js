// Lint run by `npm test` (before the type check): TypeScript, the rules of hooks (React
// Compiler's included) and the accessibility of JSX. One flat config; each environment gets its
// own globals.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'public/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs['recommended-latest'].rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A dialog's or the login page's first field takes the focus on purpose (Fluent's Input,
      // not a DOM element the rule can judge).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // Keys reach a container (the QC grid, the QC page) only from a focused control inside it:
      // delegating them there is the roving-focus pattern, not a mouse-only control.
      'jsx-a11y/no-noninteractive-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress'] }],
    },
  },
  // The layers (docs/codebase.md): the page reaches the engine only through its worker (types of
  // the contract, and the shared pure layer worker/domain). The worker's own layers, and the rule
  // that no import circles back, are the import graph's: .dependency-cruiser.cjs, run by `npm run lint`.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/worker/*', '!**/worker/domain', '**/worker/engine/**', '**/worker/views/**', '**/worker/prescreen/**'],
              allowTypeImports: true,
              message: 'The page imports values only from the shared layer (worker/domain); the rest of worker/ runs in a worker and is reached through it.',
            },
          ],
        },
      ],
    },
  },
  { files: ['worker/**/*.ts'], languageOptions: { globals: globals.worker } },
  { files: ['sw/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
  { files: ['scripts/**/*.{ts,mjs}', 'tests/**/*.ts', '*.config.{ts,js}', '.dependency-cruiser.cjs'], languageOptions: { globals: globals.node } },
);
