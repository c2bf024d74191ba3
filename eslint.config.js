import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './eslint-rules/boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'tmp', 'public/mockServiceWorker.js', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Arrows point one way: client -> shared, server -> shared, shared -> nothing.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@client/*', '@server/*', '../client/*', '../server/*', 'react', 'fastify'] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@server/*', '**/server/**'] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@client/*', '**/client/**'] }] },
  },
  // Boundaries inside client and server: client layers lib < components < shared <
  // features < app, features never import each other, client/shared areas import only the areas
  // declared below, server modules (the loader's: every folder under modules/ with an index.ts)
  // reach each other only through index.ts, routes are registered by their own folder, no test
  // code in src/. The rule and its layers: eslint-rules/boundaries.js; the why: docs/boundaries.md.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { boundaries } } },
    rules: {
      'local/boundaries': [
        'error',
        {
          // Known crossings another change removes, each as { from, to, why } (globs from the
          // repository root); delete an entry when its import is gone. None today:
          // tests/unit/boundaries-doc.test.ts fails an entry whose files do not exist or whose
          // crossing is gone, and one docs/boundaries.md does not list.
          pending: [],
          // The areas of src/client/shared and which others each may import (no cycles, every
          // area listed, every arrow used: tests/unit/boundaries-doc.test.ts).
          sharedAreas: {
            assignment: [],
            projects: [],
            stats: [],
            system: [],
            trend: [],
            'work-kit': [],
            wall: ['stats', 'trend'],
            scenes: ['stats', 'wall'],
          },
        },
      ],
    },
  },
  // A handler's request parts are typed by its route's schema (AppInstance, src/server/app-instance.ts):
  // a cast would hide a route with no schema for what it reads, or one whose schema says otherwise.
  // tests/unit/request-casts.test.ts proves the rule bites and that no server file casts one.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: ':matches(TSAsExpression, TSTypeAssertion) > MemberExpression.expression[object.name=/^(request|req)$/][property.name=/^(body|query|params)$/]',
          message: 'Declare the part in the route schema (its type reaches the handler through AppInstance) instead of casting request.body/query/params.',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'tests/e2e/**', 'tests/bench/**', 'tests/deploy/**', 'tests/summary.mjs'],
    rules: { 'no-console': 'off' },
  },
);
