// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    // The server-side build of the web app (vite build --ssr).
    'apps/web/dist-server/',
    // Runtime data folders (DATA_DIR defaults), not source folders that happen to be called data.
    'data/',
    'apps/*/data/',
    '**/.data-*/',
    'apps/web/android/',
    '**/migrations/**',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'e2e/.artifacts/',
    'bench/results/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      // `declare module 'fastify' { interface FastifyInstance extends Services {} }` is how Fastify
      // decorators are typed; an empty interface with one `extends` is that idiom, not a mistake.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Everything runs on Node except the browser app's sources.
    ignores: ['apps/web/src/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['apps/web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Layers of the web app: app -> features -> shared (lib, components). Shared code never reaches up.
    files: ['apps/web/src/lib/**', 'apps/web/src/components/**', 'apps/web/src/locales/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**', '**/features/**'],
              message: 'lib, components and locales are shared: they must not import app/ or features/.',
            },
          ],
        },
      ],
    },
  },
);
