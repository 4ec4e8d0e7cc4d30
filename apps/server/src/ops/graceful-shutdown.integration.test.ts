import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/open-database'
import { signUpWithMailbox, TEST_INBOUND_DOMAIN } from '../mail/mail.test-kit'
import type { TSdkUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { waitForValue } from '../testing/wait-for-value'

// Long enough to be sure the analysis is still running when SIGTERM comes, short enough to finish in the drain.
const ANALYSIS_DELAY_MS = 3_000

/** A raw SMTP session, so a test can stop half-way through DATA. */
function smtpSession(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  socket.on('data', (chunk) => {
    received += String(chunk)
  })
  socket.on('error', () => {})
  /** The next complete reply (the last line of a multi-line one): its code. */
  const reply = () =>
    waitForValue(
      () => {
        const match = /^(\d{3}) [^\r\n]*\r\n/m.exec(received)
        if (!match) return undefined
        received = received.slice(match.index + match[0].length)
        return Number(match[1])
      },
      { what: 'an SMTP reply', intervalMs: 5 },
    )
  const send = async (line: string) => {
    socket.write(line)
    return reply()
  }
  return { reply, send, write: (text: string) => socket.write(text), end: () => socket.end() }
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(port, '127.0.0.1')
    probe.once('connect', () => {
      probe.destroy()
      resolve(false)
    })
    probe.once('error', () => resolve(true))
  })
}

describe('SIGTERM', () => {
  let server: TServerProcess
  let user: TSdkUser
  let address: string

  beforeAll(async () => {
    server = await startServerProcess({
      database: 'pglite',
      env: {
        INBOUND_DOMAIN: TEST_INBOUND_DOMAIN,
        PARSEDESK_TEST_ANALYSIS_DELAY_MS: String(ANALYSIS_DELAY_MS),
      },
    })
    ;({
      user,
      mailbox: { address },
    } = await signUpWithMailbox(server.url))
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('stops taking mail, finishes the SMTP session and the analysis under way, and exits 0 within 10 s', async () => {
    const ticket = await user.databases.createDocument({
      databaseId: 'main',
      collectionId: 'tickets',
      documentId: 'unique()',
      data: {
        email: user.email,
        subject: 'Checkout fails',
        body: 'Card payments fail at checkout since 9:00.',
      },
    })
    await waitForValue(
      async () => {
        const read = await user.databases.getDocument({
          databaseId: 'main',
          collectionId: 'tickets',
          documentId: ticket.$id,
        })
        return read.processing_status === 'processing'
      },
      { what: 'the analysis to start', intervalMs: 20 },
    )
    const smtp = smtpSession(server.smtpPort)
    expect(await smtp.reply()).toBe(220)
    expect(await smtp.send('EHLO sender.example\r\n')).toBe(250)
    expect(await smtp.send('MAIL FROM:<ada@customer.example>\r\n')).toBe(250)
    expect(await smtp.send(`RCPT TO:<${address}>\r\n`)).toBe(250)
    expect(await smtp.send('DATA\r\n')).toBe(354)
    smtp.write(`From: ada@customer.example\r\nTo: ${address}\r\nSubject: Sent while stopping\r\n\r\n`)

    const started = performance.now()
    const exited = server.kill('SIGTERM')
    await waitForValue(() => refusesConnections(server.smtpPort), {
      what: 'SMTP to stop taking connections',
      intervalMs: 10,
    })
    // The session that was under way still gets its 250: the mail is stored before the process goes.
    expect(await smtp.send('The rest of the message, after SIGTERM.\r\n.\r\n')).toBe(250)
    smtp.end()

    expect(await exited).toBe(0)
    expect(performance.now() - started).toBeLessThan(10_000)

    const db = await openDatabase({ dataDir: server.dataDir })
    try {
      const tickets = await db.query<{ processing_status: string }>(
        'select processing_status from tickets where id = $1',
        [ticket.$id],
      )
      expect(tickets.rows[0]?.processing_status).toBe('completed')
      const mails = await db.query<{ subject: string | null; status: string }>(
        `select "subject", "status" from inbound_emails where "channel" = 'smtp'`,
      )
      expect(mails.rows).toHaveLength(1)
    } finally {
      await db.close()
    }
  })
})
