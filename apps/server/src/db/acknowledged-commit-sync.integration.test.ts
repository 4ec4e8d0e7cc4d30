import fs from 'node:fs'
import { Query } from 'appwrite'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import {
  readMailbox,
  sendRaw,
  TEST_INBOUND_DOMAIN,
  type TInboundDocument,
  waitForDecided,
} from '../mail/mail.test-kit'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { createTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { STRACE_MISSING, smtpAcknowledgements, type TTracedCall, traceSyncs } from './sync-trace.test-kit'

// A sending server deletes its copy when it reads our 250, so the mail must then be on disk, not in the OS
// page cache: a power cut or kernel crash loses what was written and not synced. strace shows both.
const MAILS = 10

function mail(index: number, to: string): string {
  return [
    `From: Customer ${index} <customer${index}@customer.example>`,
    `To: ${to}`,
    `Subject: Durable ${index}`,
    `Message-ID: <durable-${index}-${Date.now()}@customer.example>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Mail ${index}, to be kept through a power cut.`,
    '',
  ].join('\r\n')
}

/**
 * Sends the mails one at a time while `pids` are traced; returns each 250's state of the log, as far as
 * the processes `writers()` names after the sending wrote and synced it.
 */
async function sendTraced(
  server: TServerProcess,
  pids: number[],
  address: string,
  writers?: () => Promise<Set<number>>,
) {
  const trace = await traceSyncs(pids)
  let calls: TTracedCall[] = []
  try {
    for (let index = 0; index < MAILS; index += 1) {
      const result = await sendRaw({ port: server.smtpPort, to: address, raw: mail(index, address) })
      expect(result.accepted, result.response).toBe(true)
    }
  } finally {
    calls = await trace.stop()
  }
  return smtpAcknowledgements(calls, server.smtpPort, await writers?.())
}

/** Each 250 followed a sync of the log by the server since its 354, and the log held nothing unsynced then. */
function expectEachAcknowledgementSynced(acknowledgements: ReturnType<typeof smtpAcknowledgements>) {
  expect(acknowledgements).toHaveLength(MAILS)
  for (const acknowledgement of acknowledgements) {
    expect(acknowledgement.logSyncs, 'a sync of the write-ahead log before the 250').toBeGreaterThan(0)
    expect(acknowledgement.unsyncedLog, 'log written but not synced when the 250 went out').toEqual([])
  }
}

/** The mailbox's deliveries as stored, none decided: no worker runs. */
async function listStored(user: TSdkUser) {
  const list = await user.databases.listDocuments<TInboundDocument>({
    databaseId: 'main',
    collectionId: 'inbound',
    queries: [Query.limit(100)],
  })
  return list.documents.filter((document) => document.status === 'received')
}

const skipped = (reason: string | undefined) => (reason ? ` (skipped: ${reason})` : '')

describe('an acknowledged mail is on disk before its 250', () => {
  let server: TServerProcess | undefined
  let dropDatabase: (() => Promise<void>) | undefined
  afterEach(async () => {
    await server?.stop()
    await dropDatabase?.()
    server = undefined
    dropDatabase = undefined
  })

  it.skipIf(STRACE_MISSING)(
    `on PGlite, the server process syncs the write-ahead log before every 250${skipped(STRACE_MISSING)}`,
    async () => {
      // Without the worker role: the ingest of one mail commits while the next is being sent, and strace
      // cannot tell its log writes from the next mail's. With intake alone, every write of the log after a
      // 354 is that mail's, and must be synced before its 250.
      server = await startServerProcess({
        database: 'pglite',
        roles: 'http,smtp',
        env: { INBOUND_DOMAIN: TEST_INBOUND_DOMAIN, DATABASE_SYNC: 'on' },
      })
      const user = await signUpUser(server.url, 'Durable Tester')
      const { address } = await readMailbox(user)
      const pid = server.pid()
      if (!pid) throw new Error('the server is not running')

      expectEachAcknowledgementSynced(await sendTraced(server, [pid], address))
      expect(await listStored(user)).toHaveLength(MAILS)
    },
    120_000,
  )

  const postgresMissing = STRACE_MISSING ?? (TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set')
  it.skipIf(postgresMissing)(
    `on Postgres whose database defaults to synchronous_commit off, the server still syncs the log before its 250s${skipped(postgresMissing)}`,
    async (context) => {
      const database = await createTestDatabase(TEST_DATABASE_URL as string)
      dropDatabase = database.drop
      const name = new URL(database.url).pathname.slice(1)
      const admin = new pg.Client({ connectionString: database.url })
      await admin.connect()
      try {
        await admin.query(`alter database ${name} set synchronous_commit = off`)
        server = await startServerProcess({
          database: 'postgres',
          databaseUrl: database.url,
          env: { INBOUND_DOMAIN: TEST_INBOUND_DOMAIN, DATABASE_SYNC: 'on' },
        })
        const own = (await admin.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid
        const status = `/proc/${own}/status`
        if (!fs.existsSync(status)) {
          context.skip(
            'PostgreSQL runs on another machine or in another container: its processes cannot be traced',
          )
        }
        const user = await signUpUser(server.url, 'Durable Tester')
        const { address } = await readMailbox(user)
        const pid = server.pid()
        if (!pid) throw new Error('the server is not running')
        const sessionsOf = async (where: string) =>
          (
            await admin.query<{ pid: number }>(
              `select pid from pg_stat_activity where pid <> pg_backend_pid() and ${where}`,
              where.includes('$1') ? [name] : [],
            )
          ).rows.map((row) => row.pid)
        // The log is the cluster's: any of its processes may write or sync it, so all of them are traced,
        // and the postmaster with its children, for backends it starts meanwhile.
        const postmaster = Number(/PPid:\s+(\d+)/.exec(fs.readFileSync(status, 'utf8'))?.[1])
        const serverSessions = await sessionsOf('datname = $1')
        const traced = [pid, postmaster, ...(await sessionsOf('true'))]
        const writers = async () => new Set([...serverSessions, ...(await sessionsOf('datname = $1'))])

        const acknowledgements = await sendTraced(server, traced, address, writers)
        expect(acknowledgements).toHaveLength(MAILS)
        // Postgres flushes the log for whoever waits: the walwriter or another session's commit may sync a
        // commit before its own session gets to, and another of the server's sessions may be between
        // writing its commit and syncing it when a 250 goes out. So the count, not each: with commits left
        // to the database's synchronous_commit off, the server's sessions never sync the log.
        const syncedByTheServer = acknowledgements.filter((acknowledgement) => acknowledgement.logSyncs > 0)
        expect(
          syncedByTheServer.length,
          'acknowledgements after a sync by the server',
        ).toBeGreaterThanOrEqual(MAILS / 2)
        await waitForDecided(user, MAILS)
      } finally {
        await admin.end()
      }
    },
    120_000,
  )
})
