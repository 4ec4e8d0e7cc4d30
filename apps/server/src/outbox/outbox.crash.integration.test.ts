import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CollectionId, DATABASE_ID, OutboundMailState, OutboxMessages } from '@parsedesk/contracts'
import { type Models, Query } from 'appwrite'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/open-database'
import type { TJobQueue } from '../jobs/job-queue'
import { signUpUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { testLog } from '../testing/test-log'
import { waitForValue } from '../testing/wait-for-value'
import { relayCertificate, startTestRelay, type TTestRelay, verificationMail } from './outbox.test-kit'
import { createOutbox } from './outbox-service'

const MAILS = 10
const DOMAIN = 'outbox.test'
/** The mail (in order of first arrival at the relay) after whose 250 the worker is killed. */
const KILL_AFTER = 4

type TOutboxDocument = Models.Document & { state: string; lastError: string | null; messageId: string }

describe('outbound mail with the worker killed mid-send (PGlite, separate processes)', () => {
  let relay: TTestRelay | undefined
  let server: TServerProcess | undefined
  const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-relay-'))
  afterAll(async () => {
    await server?.stop()
    await relay?.close()
    fs.rmSync(certDir, { recursive: true, force: true })
  })

  it('keeps mail without a relay, then delivers every mail after a crash, twice only within the window', async () => {
    // The relay offers STARTTLS with a certificate the server process trusts, as a provider's would be.
    const tls = relayCertificate(certDir)
    if (!tls) console.log('[outbox] openssl is not installed: the relay offers no STARTTLS in this run')
    relay = await startTestRelay({ tls })
    const relayEnv = { SMTP_RELAY_URL: relay.url }
    server = await startServerProcess({
      database: 'pglite',
      roles: 'http,worker',
      env: { INBOUND_DOMAIN: DOMAIN, ...(tls ? { NODE_EXTRA_CA_CERTS: tls.certPath } : {}) },
    })
    const running = server
    const owner = await signUpUser(running.url, 'Outbox Owner')

    // Committed with no job, as when a process dies between its commit and its enqueue, a while ago (so
    // the sweeper's first round at start takes them).
    await running.kill('SIGTERM')
    const db = await openDatabase({ dataDir: running.dataDir })
    // queueMail never enqueues: that is announceQueued's part, left out here.
    const outbox = createOutbox({
      queue: {} as TJobQueue,
      from: `Parsedesk <no-reply@${DOMAIN}>`,
      messageIdDomain: DOMAIN,
      log: testLog,
    })
    await db.transaction(async (tx) => {
      for (let index = 0; index < MAILS; index += 1) {
        await outbox.queueMail(tx, verificationMail(owner.userId))
      }
      await tx.query(`update outbox set updated_at = now() - interval '1 minute'`)
    })
    await db.close()

    const listMail = async () =>
      (
        await owner.databases.listDocuments<TOutboxDocument>({
          databaseId: DATABASE_ID,
          collectionId: CollectionId.outbox,
          queries: [Query.limit(100)],
        })
      ).documents
    const allIn = (state: string) => async () => {
      const documents = await listMail()
      return documents.length === MAILS && documents.every((document) => document.state === state)
        ? documents
        : undefined
    }

    // Without a relay the sweeper finds them and each is kept, with why.
    await running.restart()
    const kept = await waitForValue(allIn(OutboundMailState.notSent), {
      timeoutMs: 60_000,
      what: 'every mail to be kept as not-sent',
    })
    expect(new Set(kept.map((document) => document.lastError))).toEqual(new Set([OutboxMessages.noRelay]))

    // The relay answers one mail at a time. At the kill point it waits until every mail it took before
    // is recorded as sent and another mail is waiting for its answer, then answers 250 and kills the
    // worker: the mail it took is in the window between the 250 and its record, the waiting one is cut
    // off before its 250, and no other mail is in either.
    const firstSeen: string[] = []
    const taken = new Set<string>()
    let waiting = 0
    let turn: Promise<void> = Promise.resolve()
    let crash: Promise<void> | undefined
    const takenAreRecorded = () =>
      waitForValue(
        async () => {
          const sent = new Set(
            (await listMail()).filter((d) => d.state === OutboundMailState.sent).map((d) => d.messageId),
          )
          return [...taken].every((messageId) => sent.has(messageId))
        },
        { timeoutMs: 30_000, what: 'the mail the relay took to be recorded as sent' },
      )
    relay.answerMessages(async (messageId, tries): Promise<'accept'> => {
      const previous = turn
      let release: () => void = () => undefined
      turn = new Promise((resolve) => {
        release = resolve
      })
      waiting += 1
      await previous
      waiting -= 1
      if (!firstSeen.includes(messageId)) firstSeen.push(messageId)
      if (tries === 1 && firstSeen.indexOf(messageId) === KILL_AFTER) {
        await takenAreRecorded()
        await waitForValue(() => waiting > 0, { what: 'another mail to wait for its answer' })
        // Once the 250 is written, before the worker can record it.
        setImmediate(() => {
          crash = running
            .kill('SIGKILL')
            .then(() => running.restart(relayEnv))
            .finally(release)
        })
      } else {
        release()
      }
      taken.add(messageId)
      return 'accept'
    })

    // With a relay, the sweeper queues the kept mail again.
    await running.kill('SIGTERM')
    await running.restart(relayEnv)
    const sent = await waitForValue(allIn(OutboundMailState.sent), {
      timeoutMs: 120_000,
      what: 'every mail to be sent',
    })
    expect(crash).toBeDefined()
    await crash

    const killedAfter = firstSeen[KILL_AFTER]
    const counts = new Map(sent.map((document) => [document.messageId, relay?.countOf(document.messageId)]))
    console.log(
      `outbox crash: ${MAILS} mails sent; the one killed after its 250 arrived ${counts.get(killedAfter ?? '')} time(s)`,
    )
    for (const [messageId, count] of counts) {
      if (messageId === killedAfter) expect([1, 2]).toContain(count)
      else expect({ messageId, count }).toEqual({ messageId, count: 1 })
    }
    expect(new Set(relay.arrived.map((mail) => mail.messageId))).toEqual(new Set(counts.keys()))
    expect(relay.arrived.every((mail) => mail.secure)).toBe(tls !== undefined)
  }, 300_000)
})
