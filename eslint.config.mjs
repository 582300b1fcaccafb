// ESLint: typescript-eslint's recommended type-checked rules over every TypeScript file. Tests and
// benches read untyped JSON (replies, journals, CLI output) all the time: there the no-unsafe-* family
// is off, and everything else still holds.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'docs/api/**',
      'build/**',
      'node_modules/**',
      'bench/peers/**',
      'bench/tmp/**',
      'test/artifacts/**',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // the engine and the stores unwind with their own tagged failures (never Error subclasses: they
      // are data, carried into Either lefts and reports), so those may be thrown
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [{ from: 'file', name: ['StepFailure', 'StateError', 'HttpFail', 'EngineError'] }],
          allowThrowingUnknown: true,
        },
      ],
    },
  },
  {
    // the emulators are the specs' oracle: small functions over route and action tables, no exemption
    files: ['clients/emulators/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-depth': ['error', 4],
    },
  },
  {
    // issue 38: small functions and shallow nesting over src/, clients/ and builders/, no exemption
    files: ['src/**/*.ts', 'clients/**/*.ts', 'builders/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
      'max-depth': ['error', 4],
    },
  },
  {
    // speed contained (issue 38): measurements and engine internals are narrated in the apply kernel,
    // the objects module (src/core/copy.ts), bench/HISTORY.md and commit messages, not in comments
    files: ['src/**/*.ts', 'clients/**/*.ts', 'builders/**/*.ts'],
    ignores: ['src/engine/apply/**', 'src/core/copy.ts'],
    rules: {
      'no-warning-comments': ['error', { terms: ['hidden class', 'hidden classes', 'µs'], location: 'anywhere' }],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
)
