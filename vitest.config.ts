import { defineConfig } from 'vitest/config'

// One runner for the whole repo; each project owns its own include list and environment.
export default defineConfig({
  test: {
    // Vitest's default on two cores (cores - 1) runs one file at a time, but most files spend their time
    // waiting on servers and processes. Three at a time took the suites from 405 s to 352 s, but a job test
    // waiting on pg-boss's polling timed out at 30 s in that run: two until it is made robust to it.
    maxWorkers: 2,
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
