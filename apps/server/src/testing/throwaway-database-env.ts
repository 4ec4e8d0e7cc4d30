/**
 * For servers whose data is thrown away when their suite ends: PGlite's commits are not synced to disk
 * (decision 030), so suites do not wait on the disk for every commit. The durability suite
 * (db/acknowledged-commit-sync.integration.test.ts) and production's settings keep the sync.
 */
export const THROWAWAY_DATABASE_ENV = { DATABASE_SYNC: 'off' } as const
