import { defineConfig } from 'vitest/config'

// One runner for the whole repo; each project owns its own include list and environment.
export default defineConfig({
  test: {
    // Two cores: Vitest's default (cores - 1) runs one file at a time, and most files wait on I/O.
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
