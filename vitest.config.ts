import { configDefaults, defineConfig } from 'vitest/config'

const SERVER_SIDE_TESTS = [
  'packages/*/src/**/*.test.ts',
  'apps/server/src/**/*.test.ts',
  'bench/**/*.test.ts',
]
const INTEGRATION = '**/*.integration.test.ts'
// Files that measure the machine itself and cannot share it: the write-ahead log is the PostgreSQL
// cluster's, so other files' commits sync it before the traced server's sessions do, and the test that
// counts the server's own syncs failed 1 run in 3 beside them. `npm test` runs these after the rest.
const ALONE = ['apps/server/src/db/acknowledged-commit-sync.integration.test.ts']
const SERVER_SIDE = { environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks' } as const

// One runner for the whole repo; each project owns its own include list and environment.
export default defineConfig({
  test: {
    // Vitest's default on two cores (cores - 1) runs one file at a time, but most files spend their time
    // waiting on servers and processes. Three at a time: 369 s for the suites where two took 429 s on an
    // Intel Xeon (with other work loading the machine during the three), and steady since the job worker
    // stopped racing pg-boss (jobs/job-worker.ts, decision 003).
    maxWorkers: 3,
    // Two tiers by name (decision 036): `*.integration.test.ts` needs something outside the test's process (a
    // server, a database, a browser, a child process or ../shared/data); every other test file is a unit test,
    // and `npm run test:unit` (the web project and `unit`) stays under a minute.
    projects: [
      'apps/web',
      {
        test: {
          ...SERVER_SIDE,
          name: 'unit',
          include: SERVER_SIDE_TESTS,
          exclude: [...configDefaults.exclude, INTEGRATION],
          // Files share a worker's loaded modules instead of importing them afresh: half the tier's CPU time
          // (63 s to 29 s). Safe while no unit test mocks a module or leaves a global changed.
          isolate: false,
        },
      },
      {
        test: {
          ...SERVER_SIDE,
          name: 'integration',
          // With REQUIRE_ALL=1 (CI), a missing PostgreSQL, Dovecot or strace fails the run instead of skipping.
          globalSetup: ['apps/server/src/testing/require-all.global-setup.ts'],
          include: SERVER_SIDE_TESTS.map((glob) => glob.replace(/\.test\.ts$/, '.integration.test.ts')),
          exclude: [...configDefaults.exclude, ...ALONE],
        },
      },
      {
        test: {
          ...SERVER_SIDE,
          name: 'alone',
          globalSetup: ['apps/server/src/testing/require-all.global-setup.ts'],
          include: ALONE,
        },
      },
    ],
  },
})
