import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  exchangeBounce,
  gmailBounce,
  postfixBounce,
  postfixDelay,
  threadOnlyReport,
} from './delivery-report.test-kit'
import { EMAIL_CORPUS_DIR, hasEmailCorpus } from './email-corpus'
import { parseInboundEmail } from './parse-inbound-email'
import {
  describeDeliveryFailure,
  envelopeSenderOf,
  isReportSender,
  readDeliveryReport,
} from './read-delivery-report'

const ours = '<5f2c9a0e7b1d4c3a9e8f6b2d1c0a9e8f@inbound.test>'
const options = { to: 'acme-k7m2@inbound.test', recipient: 'Bob@Customer.example', messageId: ours }

async function reportOf(raw: string | Buffer) {
  const parsed = await parseInboundEmail(Buffer.from(raw))
  return { kind: parsed.classification.kind, report: readDeliveryReport(parsed) }
}

describe('readDeliveryReport', () => {
  it("reads Postfix's bounce: the recipient, why, and our mail it sent back", async () => {
    const { kind, report } = await reportOf(postfixBounce(options))
    expect(kind).toBe('bounce')
    expect(report?.originalMessageIds[0]).toBe(ours.slice(1, -1))
    expect(report?.recipients).toEqual([
      {
        recipient: 'bob@customer.example',
        originalRecipient: 'bob@customer.example',
        action: 'failed',
        status: '5.1.1',
        diagnostic:
          '550 5.1.1 <Bob@Customer.example>: Recipient address rejected: User unknown in virtual mailbox table',
      },
    ])
    expect(describeDeliveryFailure(report!.recipients[0]!)).toMatch(/^550 5\.1\.1 .*User unknown/)
  })

  it('puts the status before a reason that has no SMTP reply in it', async () => {
    const { report } = await reportOf(
      postfixBounce({
        ...options,
        status: '5.4.4',
        diagnostic:
          'X-Postfix; Host or domain name not found. Name service error for\r\n    name=customer.example type=AAAA: Host not found',
      }),
    )
    const [recipient] = report!.recipients
    expect(describeDeliveryFailure(recipient!)).toBe(
      '5.4.4 Host or domain name not found. Name service error for name=customer.example type=AAAA: Host not found',
    )
  })

  it("reads Exchange Online's report: lower-case field names, the returned headers only", async () => {
    const { kind, report } = await reportOf(exchangeBounce(options))
    expect(kind).toBe('bounce')
    expect(report?.recipients).toMatchObject([
      {
        recipient: 'bob@customer.example',
        action: 'failed',
        status: '5.1.10',
        diagnostic: '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
      },
    ])
    expect(report?.originalMessageIds).toEqual([ours.slice(1, -1)])
  })

  it("reads Gmail's report: a folded three-line reply, the mail named in the report and returned whole", async () => {
    const { report } = await reportOf(gmailBounce(options))
    const [recipient] = report!.recipients
    expect(recipient).toMatchObject({ recipient: 'bob@customer.example', action: 'failed', status: '5.1.1' })
    expect(describeDeliveryFailure(recipient!)).toMatch(
      /^550-5\.1\.1 The email account that you tried to reach does not exist\. Please try 550-5\.1\.1 double-checking/,
    )
    expect(report?.originalMessageIds).toEqual([ours.slice(1, -1)])
  })

  it('reads a delay warning as delayed, with its status', async () => {
    const { kind, report } = await reportOf(postfixDelay(options))
    expect(kind).toBe('bounce')
    expect(report?.recipients).toMatchObject([{ action: 'delayed', status: '4.4.1' }])
    expect(report?.originalMessageIds).toEqual([ours.slice(1, -1)])
  })

  it('finds no report in a bounce that says what happened only in prose', async () => {
    const qmail = [
      'From: MAILER-DAEMON@mail.customer.example',
      'To: acme-k7m2@inbound.test',
      'Subject: failure notice',
      'Message-ID: <qmail.1@mail.customer.example>',
      '',
      "Hi. This is the qmail-send program at mail.customer.example. I'm afraid I wasn't able to deliver",
      'your message to the following addresses.',
      '',
      '<bob@customer.example>:',
      'Sorry, no mailbox here by that name. (#5.1.1)',
      '',
    ].join('\r\n')
    expect(await reportOf(qmail)).toEqual({ kind: 'bounce', report: null })
  })

  it('keeps a hostile report bounded: a thousand recipients, a megabyte of diagnostic', async () => {
    const many = Array.from(
      { length: 1000 },
      (_, i) => `Final-Recipient: rfc822; r${i}@customer.example\nAction: failed\nStatus: 5.1.1\n`,
    ).join('\n')
    const report = readDeliveryReport({
      attachments: [
        {
          filename: 'status',
          originalFilename: null,
          contentType: 'message/delivery-status',
          size: 0,
          contentId: null,
          disposition: 'attachment',
          content: new TextEncoder().encode(
            `Reporting-MTA: dns; x\n\n${many}\nFinal-Recipient: rfc822; z@x\nAction: failed\nDiagnostic-Code: smtp; 550 ${'x'.repeat(1_000_000)}\n`,
          ),
        },
      ],
    })
    expect(report?.recipients).toHaveLength(100)
    expect(report?.originalMessageIds).toEqual([])
  })

  it('names no mail of ours when only its own In-Reply-To and References do, which any mail can set', async () => {
    const { kind, report } = await reportOf(threadOnlyReport(options))
    expect(kind).toBe('bounce')
    expect(report?.recipients).toMatchObject([{ recipient: 'bob@customer.example', action: 'failed' }])
    expect(report?.originalMessageIds).toEqual([])
  })

  it('takes a report from the null sender or a mailer-daemon or postmaster, never from a person', () => {
    const sender = (envelopeFrom: string | null, returnPath?: string) =>
      envelopeSenderOf({
        envelopeFrom,
        headers: returnPath === undefined ? [] : [{ Name: 'Return-Path', Value: returnPath }],
      })
    // SMTP's MAIL FROM wins over a Return-Path the sender wrote into the mail.
    expect(sender('', '<bob@customer.example>')).toBe('')
    expect(sender('MAILER-DAEMON@mx.customer.example')).toBe('MAILER-DAEMON@mx.customer.example')
    // IMAP and webhooks without an envelope: the delivering server's Return-Path.
    expect(sender(null, ' <>')).toBe('')
    expect(sender(null, '<Postmaster@customer.example>')).toBe('Postmaster@customer.example')
    expect(sender(null)).toBeNull()

    expect(
      ['', 'MAILER-DAEMON@mx.customer.example', 'postmaster@customer.example', 'MAILER-DAEMON', null].map(
        isReportSender,
      ),
    ).toEqual([true, true, true, true, true])
    expect(
      ['bob@customer.example', 'mailer-daemon.fan@customer.example', 'no-reply@customer.example'].map(
        isReportSender,
      ),
    ).toEqual([false, false, false])
  })
})

const corpusPresent = hasEmailCorpus()
if (!corpusPresent) console.warn(`skipping the DSN corpus tests: ${EMAIL_CORPUS_DIR} is absent`)

describe.skipIf(!corpusPresent)('readDeliveryReport on real bounces of the shared corpus', () => {
  const read = (file: string) => reportOf(readFileSync(path.join(EMAIL_CORPUS_DIR, file)))

  it('reads each of the five failed recipients of a Postfix bounce, and the mail it returned', async () => {
    const { report } = await read('mikel-mail/multipart_report_emails/multi_address_bounce1.eml')
    expect(report?.recipients).toHaveLength(5)
    for (const recipient of report?.recipients ?? []) {
      expect(recipient).toMatchObject({ action: 'failed', status: '5.1.1' })
      expect(describeDeliveryFailure(recipient)).toMatch(/^550-5\.1\.1 The email account/)
    }
    expect(report?.originalMessageIds).toEqual(['118707422.15521266992174819.JavaMail.root@lvmail01'])
  })

  it("reads sendmail's failure with returned headers, and its delay warning as delayed", async () => {
    const failed = await read('mikel-mail/multipart_report_emails/report_530.eml')
    expect(failed.report?.recipients).toMatchObject([
      { recipient: 'edwin@zzzzzzz.com', action: 'failed', status: '5.3.0' },
    ])
    expect(describeDeliveryFailure(failed.report!.recipients[0]!)).toMatch(/^553 5\.3\.0/)
    const delayed = await read('mikel-mail/multipart_report_emails/report_422.eml')
    expect(delayed.report?.recipients).toMatchObject([{ action: 'delayed', status: '4.2.2' }])
  })

  it("reads Amazon SES's report, whose reason has no SMTP reply", async () => {
    const { report } = await read('nodemailer-mailparser/delivery-status.eml')
    const [recipient] = report!.recipients
    expect(recipient).toMatchObject({ action: 'failed' })
    expect(describeDeliveryFailure(recipient!)).toMatch(/^5\.\d\.\d Amazon SES did not send the message/)
  })
})
