// Type-aware lint for the whole workspace; `npm run lint` runs it with zero warnings allowed.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'tmp/**', '.data/**', '.nx/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: ['**/*.ts'] })),
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/require-await': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      curly: ['error', 'multi-line'],
      // Apps depend on shared libs only; libs never on apps; apps never on each other.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          // Only service-runtime's specs use the testing lib (its TCP proxy cuts Redis under the
          // caller counts and the round lease); no runtime code of either depends on the other.
          ignoredCircularDependencies: [['testing', 'service-runtime']],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:test-lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'scope:profile', onlyDependOnLibsWithTags: ['scope:shared', 'scope:profile'] },
            { sourceTag: 'scope:config', onlyDependOnLibsWithTags: ['scope:shared', 'scope:config'] },
            { sourceTag: 'scope:render', onlyDependOnLibsWithTags: ['scope:shared', 'scope:render'] },
          ],
        },
      ],
    },
  },
  {
    // Tests may use any lib, the testing lib included, and read loosely typed JSON bodies.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@nx/enforce-module-boundaries': 'off',
    },
  },
  {
    // openapi-typescript's output, written as the documents say: a `oneOf` under a `type` (PageSize:
    // 1..1000 or -1) becomes `number & (number | -1)`, exact but redundant to these two rules.
    files: ['libs/api-clients/src/generated/*.ts'],
    rules: {
      '@typescript-eslint/no-duplicate-type-constituents': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      // The documents' descriptions quote what formatters write: U+00A0 joins CHF to its amount.
      'no-irregular-whitespace': ['error', { skipComments: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        globalThis: 'readonly',
        URL: 'readonly',
      },
    },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  {
    // Scripts served to browsers (the render playground): a classic script with the browser's globals.
    files: ['apps/*/src/**/assets/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        window: 'readonly',
        document: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        Option: 'readonly',
        AbortController: 'readonly',
        getComputedStyle: 'readonly',
        performance: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  prettier,
);
