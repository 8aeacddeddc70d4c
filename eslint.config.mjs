// Lint rules that catch bugs, not style (Prettier owns the layout).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'src/generated/',
      'test/generated/',
      'console/src/gql/',
      '.data/',
      '.tmp/',
      'console/dist/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Validators refuse control characters on purpose: the patterns name them.
      'no-control-regex': 'off',
    },
  },
  {
    // Modules depend one way: an import cycle is an error, and imports read in one order.
    files: ['src/**/*.ts', 'console/src/**/*.{ts,tsx}', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are read with the TypeScript parser, or no-cycle sees no edge out of a .ts file.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/order': ['error', { groups: ['builtin', 'external', ['parent', 'sibling', 'index']] }],
      // The query language sits below the catalogue, and analytics above both: nothing imports back.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/catalog', from: './src/analytics' },
            { target: './src/query', from: './src/analytics' },
            { target: './src/query', from: './src/catalog', except: ['./model.ts', './field-values.ts'] },
            // The outbox's statements sit below the dispatcher, and only the outbox runs them
            // (others go through its service, store.ts or health.ts; tests and benchmarks may reach in).
            { target: './src/outbox', from: './src/dispatcher' },
            { target: ['./src/!(outbox)/**/*', './src/*'], from: './src/outbox/sql' },
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON bodies.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
