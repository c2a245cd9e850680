import { defineConfig } from 'vitest/config';

// Two tiers run separately by `npm test`: pure unit tests and integration tests
// that boot the real server on a temporary database.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/domain/**/*.test.ts', 'scripts/**/*.test.ts', 'src/client/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
