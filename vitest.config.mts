import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const resolve = {
  alias: {
    '@/': root,
    'server-only': `${root}tests/stubs/server-only.ts`,
  },
};

export default defineConfig({
  test: {
    // Two cores: PGlite instances are heavy, so API files run two at a time at most.
    maxWorkers: 2,
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: [
            'lib/**/*.test.ts',
            'bff/**/*.test.ts',
            'server/**/*.test.ts',
            'i18n/**/*.test.ts',
            'components/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
          environment: 'node',
          // A few unit files start an in-memory PGlite and migrate it: seconds on a loaded 2-core machine.
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          // Three built instances behind nginx (scripts/deploy/multi-instance.mjs): npm run test:deploy.
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
