import pg from 'pg'
import { STRACE_MISSING } from '../db/sync-trace.test-kit'
import { findDovecot } from '../mail/imap/dovecot.test-kit'
import { requireAll } from './require-all'
import { TEST_DATABASE_URL } from './test-database'

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** Vitest's global setup for the integration tier: what its suites would otherwise skip without. */
export default async function setup(): Promise<void> {
  await requireAll([
    {
      name: 'PostgreSQL',
      install: 'set TEST_DATABASE_URL to a server that answers (postgres://postgres@127.0.0.1:5432/postgres)',
      isPresent: () => TEST_DATABASE_URL !== undefined && postgresAnswers(TEST_DATABASE_URL),
    },
    {
      name: 'Dovecot',
      install: 'apt-get install dovecot-imapd',
      isPresent: () => findDovecot() !== undefined,
    },
    { name: 'strace', install: 'apt-get install strace', isPresent: () => STRACE_MISSING === undefined },
  ])
}
