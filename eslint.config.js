// ESLint: typescript-eslint with type information; the pure pipeline and the blob store keep their boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // src/pipeline is pure: no server or database packages, and no project file outside src/pipeline,
  // at any depth (test/architecture/imports.test.ts holds the same boundary over the import graph).
  ...[
    { files: ['src/pipeline/*.ts'], outside: '../*' },
    { files: ['src/pipeline/*/*.ts'], outside: '../../*' },
    { files: ['src/pipeline/*/*/*.ts'], outside: '../../../*' },
  ].map(({ files, outside }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', '@fastify/*', 'kysely', 'pg', 'better-sqlite3'], message: 'src/pipeline is pure: no server or database imports.' },
            { group: [outside], message: 'src/pipeline is pure: it imports nothing of the project outside src/pipeline.' },
          ],
        },
      ],
    },
  })),
  // src/storage is a leaf: the blob store imports nothing of the project.
  {
    files: ['src/storage/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../*'], message: 'src/storage is a leaf: it imports nothing of the project.' }] }],
    },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
