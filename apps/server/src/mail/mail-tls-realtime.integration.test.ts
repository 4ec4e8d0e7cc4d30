import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  subscribeWithSdk27,
  TICKETS_CHANNEL,
  useRecordingWebSocketInSdk,
} from '../realtime/realtime.test-kit'
import { waitForValue } from '../testing/wait-for-value'
import { signUpWithMailbox, startMailTestServer, type TMailTestServer } from './mail.test-kit'

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

function makeCertificate(dir: string): { key: string; cert: string } {
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=inbound.test',
    ],
    { stdio: 'ignore' },
  )
  return { key, cert }
}

const message = (subject: string) =>
  [
    'From: Tess <tess@customer.example>',
    'To: support@inbound.test',
    `Subject: ${subject}`,
    '',
    'Please help.',
    '',
  ].join('\r\n')

/** Sends with STARTTLS required: fails unless the server offers it. */
async function sendOverTls(options: { port: number; to: string; subject: string }) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: options.port,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
  })
  try {
    return await transport.sendMail({
      envelope: { from: 'tess@customer.example', to: options.to },
      raw: message(options.subject),
    })
  } finally {
    transport.close()
  }
}

describe.skipIf(!hasOpenssl())('STARTTLS, analysis and realtime for mail tickets (PGlite)', () => {
  const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-tls-'))
  let withTls: TMailTestServer
  let withoutTls: TMailTestServer

  beforeAll(async () => {
    const { key, cert } = makeCertificate(certDir)
    withTls = await startMailTestServer({
      database: 'pglite',
      env: { SMTP_TLS_KEY: key, SMTP_TLS_CERT: cert },
    })
    withoutTls = await startMailTestServer({ database: 'pglite' })
    useRecordingWebSocketInSdk()
  })
  afterAll(async () => {
    await withTls?.stop()
    await withoutTls?.stop()
    fs.rmSync(certDir, { recursive: true, force: true })
  })

  it('offers STARTTLS only with a configured certificate', async () => {
    const { mailbox } = await signUpWithMailbox(withTls.url)
    const sent = await sendOverTls({ port: withTls.smtpPort, to: mailbox.address, subject: 'Encrypted' })
    expect(sent.response).toMatch(/^250/)
    const plain = await signUpWithMailbox(withoutTls.url)
    await expect(
      sendOverTls({ port: withoutTls.smtpPort, to: plain.mailbox.address, subject: 'Plain' }),
    ).rejects.toThrow(/STARTTLS/)
  })

  it('announces a mail ticket over realtime to its owner, already analysed', async () => {
    const { user, mailbox } = await signUpWithMailbox(withTls.url)
    // Subscribed once the server says so, not after a pause a busy machine may outlast.
    const { subscription, inbox } = await subscribeWithSdk27(user.client, [TICKETS_CHANNEL])
    await sendOverTls({ port: withTls.smtpPort, to: mailbox.address, subject: 'Refund not received' })
    const created = await waitForValue(() => inbox.received.find((r) => r.event === 'create'), {
      what: 'the create event',
    })
    // The local analyser runs in the ingest batch (decision 032): the ticket is analysed when it is announced.
    const ticket = await user.databases.getDocument({
      databaseId: 'main',
      collectionId: 'tickets',
      documentId: created.id,
    })
    expect(ticket).toMatchObject({
      subject: 'Refund not received',
      email: 'tess@customer.example',
      processing_status: 'completed',
    })
    expect(ticket.category).toBeTruthy()
    await subscription.close()
  })
})
