import { defineConfig } from 'vitest/config'

// One runner for the whole repo; each project owns its own include list and environment.
export default defineConfig({
  test: {
    // Vitest's default on two cores (cores - 1) runs one file at a time, but most files spend their time
    // waiting on servers and processes. Three at a time: 369 s for the suites where two took 429 s on an
    // Intel Xeon (with other work loading the machine during the three), and steady since the job worker
    // stopped racing pg-boss (jobs/job-worker.ts, decision 003).
    maxWorkers: 3,
    projects: [
      'apps/web',
      {
        test: {
          name: 'server',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
})
