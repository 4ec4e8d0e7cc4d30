import { UndoSend } from '@parsedesk/contracts'
import { type Models, Query, Teams } from 'appwrite'
import { afterAll, describe, expect, it } from 'vitest'
import { readMailbox, sendRaw } from '../mail/mail.test-kit'
import { startTestRelay, type TTestRelay } from '../outbox/outbox.test-kit'
import { signUpUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'

const HOLD_SECONDS = 10
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(DATABASE_KINDS)(
  'a held reply across a crash of its server (%s, separate process)',
  (database) => {
    let relay: TTestRelay | undefined
    let server: TServerProcess | undefined
    afterAll(async () => {
      await server?.stop()
      await relay?.close()
    })

    it('goes to the relay exactly once, not before its window ends, when the server is killed inside the window', async () => {
      relay = await startTestRelay()
      server = await startServerProcess({ database, env: { SMTP_RELAY_URL: relay.url } })
      const running = server
      const owner = await signUpUser(running.url, 'Held Owner')
      const teamId = (await new Teams(owner.client).list()).teams[0]!.$id
      await new Teams(owner.client).updatePrefs({ teamId, prefs: { [UndoSend.pref]: HOLD_SECONDS } })
      const { address } = await readMailbox(owner)
      const raw = [
        'From: Carol Customer <carol@customer.example>',
        'To: support',
        'Subject: Held across a crash',
        `Message-ID: <held-${database}@customer.example>`,
        '',
        'Hello?',
        '',
      ].join('\r\n')
      expect((await sendRaw({ port: running.smtpPort, to: address, raw })).accepted).toBe(true)
      const ticket = await waitForValue(
        async () =>
          (
            await owner.databases.listDocuments({
              databaseId: 'main',
              collectionId: 'tickets',
              queries: [Query.equal('subject', 'Held across a crash')],
            })
          ).documents[0],
        { what: 'the ticket', timeoutMs: 60_000 },
      )
      const created = await owner.databases.createDocument({
        databaseId: 'main',
        collectionId: 'messages',
        documentId: 'unique()',
        data: { ticketId: ticket.$id, body: 'Answered once, whatever happens.' },
      })
      const sent = created as unknown as Models.Document & { messageId: string; mailId: string }
      const { sendAfter } = (await owner.databases.getDocument({
        databaseId: 'main',
        collectionId: 'outbox',
        documentId: sent.mailId,
      })) as Models.Document & { sendAfter: string }

      // Killed inside the window, with its job waiting in pg-boss; started again.
      await running.kill('SIGKILL')
      await running.restart()
      const messageId = `<${sent.messageId}>`
      const arrivedAt = await waitForValue(() => relay?.countOf(messageId) === 1 && Date.now(), {
        what: 'the held reply at the relay after the restart',
        timeoutMs: 60_000,
      })
      expect(arrivedAt).toBeGreaterThanOrEqual(Date.parse(sendAfter))
      // Two sweeps later, still once.
      await sleep(20_000)
      expect(relay.countOf(messageId)).toBe(1)
    }, 180_000)
  },
)
