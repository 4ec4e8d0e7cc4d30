import { defineConfig } from 'vitest/config'

// One runner for the whole repo; each project owns its own include list and environment.
export default defineConfig({
  test: {
    // Vitest's default is one file at a time on a 2-core machine (cores - 1); the server suites mostly wait
    // on their servers, SMTP, dovecot and retries, so two at a time nearly halves the run.
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
