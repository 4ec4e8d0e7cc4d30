import { defineConfig } from 'vitest/config'

// One runner for the whole repo; each project owns its own include list and environment.
export default defineConfig({
  test: {
    // Vitest's default on two cores (cores - 1) runs one file at a time, but most files spend their time
    // waiting on servers, processes and sockets: three at a time keep both cores busy.
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
