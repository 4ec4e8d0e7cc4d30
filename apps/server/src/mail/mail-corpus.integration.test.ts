import fs from 'node:fs'
import { INBOUND_STATUSES } from '@parsedesk/contracts'
import { Query, Storage } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import {
  readMailbox,
  sendRaw,
  signUpWithMailbox,
  startMailTestServer,
  type TInboundDocument,
  type TMailTestServer,
  waitForDecided,
} from './mail.test-kit'
import { EMAIL_CORPUS_DIR, hasEmailCorpus, listEmailCorpus } from './parse/email-corpus'

const corpusPresent = hasEmailCorpus()
if (!corpusPresent) console.warn(`skipping the SMTP corpus tests: ${EMAIL_CORPUS_DIR} is absent`)
// One database, Postgres when there is one: the corpus tries the parser and the stages on 236 odd messages,
// and PGlite is the same Postgres, which the hostile-mail and intake suites run on beside it. Running it on
// both cost 40 s of the ten minutes `npm test` has on two cores.
const CORPUS_DATABASES = DATABASE_KINDS.slice(-1)

type TExpectation = {
  file: string
  status: 'ticket' | 'bounce' | 'auto-reply' | 'rejected'
  from?: string
  subject?: string | RegExp
  body?: string | RegExp
  attachments?: string[]
  attachmentCount?: number
  reason?: RegExp
  raw?: (rawJson: { TextBody: string; HtmlBody: string }) => void
}

/** What a user sees for a dozen real messages: sender, subject, the new text, attachments, the outcome. */
const EXPECTATIONS: TExpectation[] = [
  {
    file: 'mikel-mail/plain_emails/basic_email.eml',
    status: 'ticket',
    from: 'test@lindsaar.net',
    subject: 'Testing 123',
    body: /^Plain email\.\n\nHope it works well!/,
    attachments: [],
  },
  {
    file: 'mikel-mail/attachment_emails/attachment_nonascii_filename.eml',
    status: 'ticket',
    body: 'This is the first part.',
    attachments: ['ciële.txt'],
  },
  {
    file: 'mikel-mail/multi_charset/japanese_iso_2022.eml',
    status: 'ticket',
    subject: 'まみむめも',
    body: 'すみません。',
  },
  { file: 'mikel-mail/multi_charset/ks_c_5601-1987.eml', status: 'ticket', body: '스티해' },
  {
    file: 'mikel-mail/plain_emails/raw_email.eml',
    status: 'ticket',
    from: 'jamis@37signals.com',
    subject: 'NOTE: 한국말로 하는 것',
    body: /^대부분의 마찬가지로/,
  },
  {
    file: 'mikel-mail/multi_charset/japanese_attachment.eml',
    status: 'ticket',
    attachments: ['てすと.txt'],
  },
  {
    file: 'nodemailer-mailparser/nodemailer.eml',
    status: 'ticket',
    from: 'andris@kreata.ee',
    subject: /^Nodemailer is unicode friendly ✔/,
    body: /^Hello to myself!/,
    attachments: ['attachment-1.bin', 'image.png', 'nyan cat ✔.gif', 'notes.txt'],
  },
  {
    file: 'php-mime-mail-parser/issue408.eml',
    status: 'ticket',
    subject: 'test mail with more than 300 attachments',
    attachmentCount: 328,
  },
  {
    file: 'php-mime-mail-parser/m0011',
    status: 'ticket',
    subject: 'Hello World !',
    body: 'Hello World !\nThis is a text body',
    attachments: ['file.txt'],
  },
  {
    file: 'php-mime-mail-parser/issue115',
    status: 'ticket',
    attachments: ['logo.jpg', 'background.jpg', 'attachment.txt'],
    raw: (rawJson) => expect(rawJson.HtmlBody).toMatch(/<html/i),
  },
  {
    file: 'mailgun-talon/standard_replies/gmail.eml',
    status: 'ticket',
    from: 'xxx@gmail.com',
    body: 'Hello',
    raw: (rawJson) => expect(rawJson.TextBody).toMatch(/wrote:\s+> Hi/),
  },
  {
    file: 'mailgun-talon/standard_replies/outlook.eml',
    status: 'ticket',
    body: 'Hello',
    raw: (rawJson) => expect(rawJson.TextBody.length).toBeGreaterThan(50),
  },
  { file: 'nodemailer-mailparser/delivery-status.eml', status: 'bounce', reason: /delivery-status/ },
  { file: 'php-mime-mail-parser/issue149', status: 'auto-reply', reason: /automatic-reply/ },
  { file: 'spamscope-mail-parser/mail_outlook_1', status: 'rejected', reason: /Outlook/ },
]

function readCorpusFile(file: string): Buffer {
  return fs.readFileSync(`${EMAIL_CORPUS_DIR}/${file}`)
}

async function listAttachmentNames(user: TSdkUser, ticketId: string): Promise<string[]> {
  const files = await new Storage(user.client).listFiles({
    bucketId: 'attachments',
    queries: [Query.equal('ticketId', ticketId), Query.limit(1000)],
  })
  return files.files.map((f) => f.name)
}

describe.skipIf(!corpusPresent).each(CORPUS_DATABASES)(
  'the shared email corpus over SMTP on %s',
  (database) => {
    let server: TMailTestServer

    beforeAll(async () => {
      server = await startMailTestServer({ database })
    })
    afterAll(async () => {
      await server?.stop()
    })

    it('makes a ticket or a recorded outcome of every file, and crashes on none', async () => {
      const entries = listEmailCorpus()
      const { user, mailbox } = await signUpWithMailbox(server.url)
      for (const entry of entries) {
        const sent = await sendRaw({
          port: server.smtpPort,
          to: mailbox.address,
          raw: readCorpusFile(entry.file),
        })
        expect(sent, entry.file).toMatchObject({ accepted: true })
      }
      const decided = await waitForDecided(user, entries.length, 180_000)
      expect(decided).toHaveLength(entries.length)
      const finals = INBOUND_STATUSES.filter((s) => s !== 'received') as string[]
      const byFile = new Map(entries.map((entry, i) => [entry.file, decided[i] as TInboundDocument]))
      for (const entry of entries) {
        const record = byFile.get(entry.file)!
        expect(finals, entry.file).toContain(record.status)
        if (record.status !== 'ticket' && record.status !== 'thread-message')
          expect(record.reason, entry.file).toBeTruthy()
        if (entry.kind === 'rfc822')
          expect(record.status, `${entry.file}: ${record.reason}`).not.toBe('rejected')
        else expect(record.status, entry.file).toBe('rejected')
      }
      const ticketIds = decided.filter((d) => d.status === 'ticket').map((d) => d.ticketId)
      const tickets = await user.databases.listDocuments({
        databaseId: 'main',
        collectionId: 'tickets',
        queries: [Query.limit(1000)],
      })
      expect(tickets.documents.map((t) => t.$id).sort()).toEqual([...ticketIds].sort())
      const counts = await readMailbox(user)
      const outcomes =
        counts.tickets +
        counts.threadMessages +
        counts.duplicates +
        counts.autoReplies +
        counts.bounces +
        counts.loops +
        counts.rejected
      expect(counts.received).toBe(entries.length)
      expect(outcomes).toBe(entries.length)
    }, 300_000)

    it('shows what a user expects of a dozen named messages', async () => {
      const { user, mailbox } = await signUpWithMailbox(server.url)
      for (const expectation of EXPECTATIONS) {
        const raw = readCorpusFile(expectation.file)
        expect((await sendRaw({ port: server.smtpPort, to: mailbox.address, raw })).accepted).toBe(true)
      }
      const decided = await waitForDecided(user, EXPECTATIONS.length, 120_000)
      for (const [index, expectation] of EXPECTATIONS.entries()) {
        const record = decided[index]!
        expect(record.status, `${expectation.file}: ${record.reason}`).toBe(expectation.status)
        if (expectation.reason) expect(record.reason).toMatch(expectation.reason)
        if (expectation.status !== 'ticket') continue
        const ticket = await user.databases.getDocument({
          databaseId: 'main',
          collectionId: 'tickets',
          documentId: record.ticketId ?? '',
        })
        const check = (actual: unknown, wanted: string | RegExp | undefined) => {
          if (wanted === undefined) return
          if (typeof wanted === 'string') expect(actual, expectation.file).toBe(wanted)
          else expect(actual, expectation.file).toMatch(wanted)
        }
        check(ticket.email, expectation.from)
        check(ticket.subject, expectation.subject)
        check(ticket.body, expectation.body)
        const names = await listAttachmentNames(user, ticket.$id)
        if (expectation.attachments) expect(names, expectation.file).toEqual(expectation.attachments)
        if (expectation.attachmentCount)
          expect(names, expectation.file).toHaveLength(expectation.attachmentCount)
        expectation.raw?.(ticket.rawJson as { TextBody: string; HtmlBody: string })
      }
    }, 180_000)
  },
)
