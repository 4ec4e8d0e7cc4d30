import { afterAll, describe, expect, it } from 'vitest'
import { STRACE_MISSING, type TTracedCall, traceSyncs } from '../../db/sync-trace.test-kit'
import { signUpUser } from '../../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../../testing/server-process'
import { DATABASE_KINDS } from '../../testing/test-database'
import {
  mailWithAttachment,
  readMailbox,
  sendRaw,
  TEST_INBOUND_DOMAIN,
  waitForDecided,
} from '../mail.test-kit'

const MAILS = 5
const IN_ATTACHMENTS = /\/files\/attachments(\/|$)/

// Decision 033: the raw mail is durable before the 250, so ingest writes its attachments without waiting on
// the disk for each; a file a crash of the machine spoils is rebuilt from the raw mail.
describe.each(DATABASE_KINDS)('ingest writes attachment files without a sync of each (%s)', (kind) => {
  let server: TServerProcess | undefined
  afterAll(async () => {
    await server?.stop()
  })

  it.skipIf(STRACE_MISSING)(
    `writes them and syncs none of them or their folders${STRACE_MISSING ? ` (skipped: ${STRACE_MISSING})` : ''}`,
    async () => {
      server = await startServerProcess({ database: kind, env: { INBOUND_DOMAIN: TEST_INBOUND_DOMAIN } })
      const user = await signUpUser(server.url, 'Attachment Tester')
      const { address } = await readMailbox(user)
      const pid = server.pid()
      if (!pid) throw new Error('the server is not running')

      const trace = await traceSyncs([pid])
      let calls: TTracedCall[] = []
      try {
        for (let index = 0; index < MAILS; index += 1) {
          const sent = await sendRaw({
            port: server.smtpPort,
            to: address,
            raw: mailWithAttachment(address, `invoice ${index}`),
          })
          expect(sent.accepted, sent.response).toBe(true)
        }
        const decided = await waitForDecided(user, MAILS)
        expect(decided.map((delivery) => delivery.status)).toEqual(decided.map(() => 'ticket'))
      } finally {
        calls = await trace.stop()
      }
      const files = calls.filter((call) => IN_ATTACHMENTS.test(call.target))
      // The trace saw the files being written...
      expect(files.filter((call) => call.call.startsWith('write')).length).toBeGreaterThanOrEqual(MAILS)
      // ...and no sync of a file or folder under attachments/.
      expect(files.filter((call) => !call.call.startsWith('write'))).toEqual([])
    },
    180_000,
  )
})
