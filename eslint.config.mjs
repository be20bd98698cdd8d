import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';
import architecture from './eslint-rules/index.mjs';

/**
 * The floors of server/, lowest first (docs/decisions/029-floors-and-method-descriptors.md): a module
 * imports only modules on lower floors, and another module only through its index.ts.
 */
const SERVER_FLOORS = [
  ['errors', 'clock', 'config', 'logger', 'references', 'telemetry'],
  ['db', 'net', 'paging', 'background', 'tokens', 'metrics'],
  ['keys', 'ratelimit', 'audit-log'],
  ['rails'],
  ['accounts'],
  ['methods', 'merchants'],
  ['payins'],
  ['ledger'],
  ['payouts', 'reconciliation', 'customer-sessions', 'people'],
  ['refunds', 'payment-links'],
  ['chain'],
  ['callbacks', 'sandbox', 'audit', 'exports', 'mail'],
  ['http'],
  ['runtime'],
  ['main'],
];

const typeChecked = tseslint.configs.recommendedTypeChecked.map((config) => ({
  ...config,
  files: ['**/*.{ts,tsx,mts}'],
}));

const config = [
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      'dist/**',
      'data/**',
      '.cache/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      // Deliberate faults the architecture lint test holds the rules against.
      'tests/fixtures/lint/**',
    ],
  },
  ...nextVitals,
  ...nextTs,
  ...typeChecked,
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-console': 'error',
    },
  },
  {
    // No import circle anywhere, type imports included: a circle is two modules that cannot be read,
    // tested or moved apart (import/no-cycle passes over `import type`, hence a rule of our own).
    files: ['**/*.{ts,tsx,mts}'],
    ignores: ['**/*.test.ts', 'tests/**', 'scripts/**'],
    plugins: { architecture },
    rules: {
      'architecture/no-import-cycle': [
        'error',
        {
          root: import.meta.dirname,
          directories: ['app', 'bff', 'components', 'lib', 'server', 'i18n', 'proxy.ts'],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { architecture },
    rules: {
      'architecture/server-floors': [
        'error',
        { root: `${import.meta.dirname}/server`, floors: SERVER_FLOORS },
      ],
    },
  },
  {
    // The browser bundle and Next's server bundle never import the API core: they talk to it over HTTP
    // (docs/decisions/002-one-process-two-front-doors.md).
    files: ['app/**', 'bff/**', 'components/**', 'lib/**', 'proxy.ts', 'i18n/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/server/*', '**/server/*'], message: 'server/ is reachable only over HTTP.' },
          ],
        },
      ],
    },
  },
  {
    // lib/ is isomorphic: the browser bundle, Next's server and the API all use it. What needs a
    // request, cookies or the environment lives in bff/ (the hosted app's server side) or server/.
    files: ['lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['next/headers', 'next/server', 'next-intl/server', 'server-only'].map((name) => ({
            name,
            message: 'lib/ stays isomorphic: put request-bound code in bff/.',
          })),
          patterns: [
            { group: ['@/server/*', '**/server/*'], message: 'server/ is reachable only over HTTP.' },
            { group: ['@/bff/*', '**/bff/*'], message: 'lib/ stays isomorphic: bff/ is server-side.' },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'lib/ stays isomorphic: read configuration in bff/ or server/.',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'tests/**', '**/*.test.ts'],
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` by design.
    rules: { 'no-console': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
];

export default config;
