import { configDefaults, defineConfig } from 'vitest/config';

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
          // The multi-process proofs run apart: `npm run test:cluster` (issue #28).
          exclude: [...configDefaults.exclude, 'src/server/**/*.cluster.test.ts', 'src/server/**/*.faults.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // `npm run test:cluster` (scripts/test-cluster.ts): real processes on PostgreSQL behind a proxy
        // (test/support/cluster-harness.ts). One file at a time: each starts its own processes.
        test: {
          name: 'cluster',
          include: ['src/server/**/*.cluster.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        // `npm run test:faults` (issue #48): real faults on loopback (a database restarted, a disk
        // filled, a socket that stops reading, a dependency that never answers). One file at a time:
        // several of them stop or starve shared resources.
        test: {
          name: 'faults',
          include: ['src/server/**/*.faults.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
