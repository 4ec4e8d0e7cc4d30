import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EMAIL_CORPUS_DIR, hasEmailCorpus } from './email-corpus'
import { extractThreadKeys } from './extract-thread-keys'
import { parseInboundEmail } from './parse-inbound-email'
import { UnparseableEmailError } from './unparseable-email-error'

const corpusPresent = hasEmailCorpus()
if (!corpusPresent) console.warn(`skipping the named corpus files: ${EMAIL_CORPUS_DIR} is absent`)

const readCorpusFile = (file: string) => readFileSync(path.join(EMAIL_CORPUS_DIR, file))
const parseCorpusFile = (file: string) => parseInboundEmail(readCorpusFile(file))

describe.skipIf(!corpusPresent)('parseInboundEmail on named real messages', () => {
  it('reads a plain message: sender, subject, date, body and Postmark JSON', async () => {
    const email = await parseCorpusFile('mikel-mail/plain_emails/basic_email.eml')
    expect(email.from).toEqual({ address: 'test@lindsaar.net', name: 'Mikel Lindsaar' })
    expect(email.to).toEqual([{ address: 'raasdnil@gmail.com', name: 'Mikel Lindsaar' }])
    expect(email.subject).toBe('Testing 123')
    expect(email.date).toBe('2008-11-22T04:04:59.000Z')
    expect(email.messageId).toBe('6B7EC235-5B17-4CA8-B2B8-39290DEB43A3@test.lindsaar.net')
    expect(email.textBody).toContain('Hope it works well!')
    expect(email.attachments).toEqual([])
    expect(email.classification.kind).toBe('ticket')
    expect(email.defects).toEqual([])
    expect(email.postmark).toMatchObject({
      From: 'test@lindsaar.net',
      FromName: 'Mikel Lindsaar',
      To: 'Mikel Lindsaar <raasdnil@gmail.com>',
      Subject: 'Testing 123',
      Date: 'Sat, 22 Nov 2008 15:04:59 +1100',
      MessageID: '6B7EC235-5B17-4CA8-B2B8-39290DEB43A3@test.lindsaar.net',
    })
    expect(email.postmark.Headers).toContainEqual({ Name: 'X-Mailer', Value: 'Apple Mail (2.929.2)' })
  })

  it('reads the CRLF and the LF copy of a message alike', async () => {
    const crlf = await parseCorpusFile('mikel-mail/plain_emails/basic_email.eml')
    const lf = await parseCorpusFile('mikel-mail/plain_emails/basic_email_lf.eml')
    expect(lf.subject).toBe(crlf.subject)
    expect(lf.textBody).toBe(crlf.textBody)
    expect(lf.from).toEqual(crlf.from)
  })

  it('makes the path-traversal attachment name 1234/../../1234.txt safe', async () => {
    const email = await parseCorpusFile('php-mime-mail-parser/m0124')
    expect(email.attachments.map((a) => a.filename)).toEqual(['1234.txt'])
    expect(email.attachments[0]?.originalFilename).toBe('1234/../../1234.txt')
    expect(email.postmark.Attachments[0]?.Name).toBe('1234.txt')
    expect(email.defects.join('\n')).toContain('1234/../../1234.txt')
  })

  it('removes the line break an encoded attachment name carries', async () => {
    const email = await parseCorpusFile('php-mime-mail-parser/issue250')
    expect(email.attachments.map((a) => a.filename)).toEqual([
      'Kontoutskrift for 1506.14.90466 Bedriftskonto.pdf',
    ])
    expect(email.from).toBeNull()
    expect(email.defects).toContain('missing From header')
  })

  it('keeps every one of the 328 attachments of the 300+ attachment message', async () => {
    const email = await parseCorpusFile('php-mime-mail-parser/issue408.eml')
    expect(email.attachments).toHaveLength(328)
    expect(email.attachments[0]?.filename).toBe('6294736_18_01042023_1.txt')
    expect(email.attachments.at(-1)?.filename).toBe('9198540_1608_01042023_328.txt')
    expect(new Set(email.attachments.map((a) => a.filename)).size).toBe(328)
    expect(email.postmark.Attachments).toHaveLength(328)
    expect(Object.keys(email.postmark.Attachments[0] ?? {})).toEqual([
      'Name',
      'ContentType',
      'ContentLength',
      'ContentID',
    ])
  })

  it('decodes an iso-2022-jp body and a UTF-8 encoded-word subject', async () => {
    const email = await parseCorpusFile('mikel-mail/multi_charset/japanese_iso_2022.eml')
    expect(email.subject).toBe('まみむめも')
    expect(email.textBody.trim()).toBe('すみません。')
  })

  it('reads EUC-JP text that was labelled iso-2022-jp, and says so', async () => {
    const email = await parseCorpusFile('apache-spamassassin/nice/cjk/iso-2022-jp.2')
    expect(email.textBody).toContain('ああ、心当たりがあります。')
    expect(email.textBody).not.toContain('\uFFFD')
    expect(email.defects).toContain('body declared as iso-2022-jp but decoded as euc-jp')
  })

  it('decodes a gb2312 quoted-printable subject and an 8-bit gb2312 sender name', async () => {
    const quoted = await parseCorpusFile('apache-spamassassin/nice/cjk/gb2312.2')
    expect(quoted.subject).toBe('RE: 装硬碟问题')
    const raw = await parseCorpusFile('apache-spamassassin/nice/cjk/gb2312.1')
    expect(raw.from?.name).toBe('台湾鑫龙商贸集团公司')
    expect(raw.subject).toContain('台湾鑫龙商贸集团公司向您拜年')
    expect(raw.defects).toContain('raw 8-bit headers decoded as gb2312')
  })

  it('decodes Cyrillic in windows-1251 and ks_c_5601-1987 Korean', async () => {
    const cyrillic = await parseCorpusFile('mikel-mail/plain_emails/raw_email_bad_time.eml')
    expect(cyrillic.from?.name).toBe('Атиковa')
    expect(cyrillic.date).toBeNull()
    expect(cyrillic.defects).toContain('date in the future "Mon, 30 Jun 3609 15:33:50 +0600"')
    const korean = await parseCorpusFile('mikel-mail/multi_charset/ks_c_5601-1987.eml')
    expect(korean.textBody.trim()).toBe('스티해')
  })

  it('decodes a base64 UTF-16 text part', async () => {
    const email = await parseCorpusFile('apache-spamassassin/spam/utf16.eml')
    expect(email.textBody).toContain('Dear potencial partner,\nWe are professional in engineering')
  })

  it('turns an HTML-only message into text and keeps its inline cid image', async () => {
    const email = await parseCorpusFile('php-mime-mail-parser/m0129')
    expect(email.textBody).toBe('Inline')
    expect(email.htmlBody).toContain('<img src="cid:')
    const [image] = email.attachments
    expect(image).toMatchObject({
      contentType: 'image/png',
      disposition: 'inline',
      filename: 'attachment-1.png',
    })
    expect(email.htmlBody).toContain(`cid:${image?.contentId}`)
    expect(email.postmark.Attachments[0]?.ContentID).toBe(image?.contentId)
  })

  it('shows an attached message/rfc822 inline and keeps its PDF as an attachment', async () => {
    const email = await parseCorpusFile('mikel-mail/attachment_emails/attachment_message_rfc822.eml')
    expect(email.textBody).toContain('This is the first part.')
    expect(email.textBody).toContain('Just attaching another PDF')
    expect(email.strippedReply).toContain('Just attaching another PDF')
    expect(email.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['broken.pdf', 'application/pdf'],
    ])
  })

  it('classifies a DSN as a bounce', async () => {
    const email = await parseCorpusFile('nodemailer-mailparser/delivery-status.eml')
    expect(email.classification).toEqual({
      kind: 'bounce',
      reason: 'multipart/report with report-type=delivery-status',
    })
    expect(email.attachments.map((a) => a.contentType)).toEqual(['message/delivery-status', 'message/rfc822'])
  })

  it('classifies an Outlook out-of-office reply (Hebrew subject) as an auto-reply', async () => {
    const email = await parseCorpusFile('php-mime-mail-parser/issue149')
    expect(email.subject).toBe("מענה 'אני לא נמצא': Invoice 02722027")
    expect(email.classification.kind).toBe('auto-reply')
  })

  it('classifies a real message as an auto-reply once it carries Auto-Submitted', async () => {
    const raw = Buffer.concat([
      Buffer.from('Auto-Submitted: auto-replied\r\n'),
      readCorpusFile('mikel-mail/plain_emails/basic_email.eml'),
    ])
    const email = await parseInboundEmail(raw)
    expect(email.classification).toEqual({ kind: 'auto-reply', reason: 'Auto-Submitted: auto-replied' })
  })

  it('classifies mailing-list traffic as list', async () => {
    const email = await parseCorpusFile('apache-spamassassin/nice/mailman_message.txt')
    expect(email.classification).toEqual({
      kind: 'list',
      reason: 'List-Id: Wine Announcements <wine-announce.winehq.com>',
    })
  })

  it('drops an mbox "From " envelope line instead of reading it as a header', async () => {
    const email = await parseCorpusFile('php-mime-mail-parser/issue149')
    expect(email.headers[0]?.Name).toBe('Received')
    expect(email.from?.address).toBe('name@company.com')
  })

  it('strips the quoted Gmail reply from a real reply', async () => {
    const email = await parseCorpusFile('mailgun-talon/standard_replies/gmail.eml')
    expect(email.textBody).toContain('wrote:')
    expect(email.strippedReply).toBe('Hello')
    expect(email.hasQuotedReply).toBe(true)
    expect(email.postmark.StrippedTextReply).toBe('Hello')
  })

  it('reads the threading ids of a reply, obsolete RFC 822 syntax included', async () => {
    const reply = await parseCorpusFile('mikel-mail/rfc2822/example07.eml')
    expect(extractThreadKeys(reply)).toEqual({
      messageId: 'abcd.1234@local.machine.tld',
      inReplyTo: '3456@example.net',
      references: ['1234@local.machine.example', '3456@example.net'],
      ticketTag: null,
    })
    const obsolete = await parseCorpusFile('mikel-mail/rfc2822/example13.eml')
    expect(obsolete.messageId).toBe('1234@local.machine.example')
    expect(obsolete.date).toBe('1997-11-21T15:55:06.000Z')
  })

  it('rejects the Outlook .msg file with a readable reason', async () => {
    const attempt = parseCorpusFile('spamscope-mail-parser/mail_outlook_1')
    await expect(attempt).rejects.toBeInstanceOf(UnparseableEmailError)
    await expect(attempt).rejects.toMatchObject({
      reason: 'the data is an Outlook .msg (OLE compound) file, not an RFC 822 email message',
    })
  })
})

describe('parseInboundEmail on input that is not a usable email', () => {
  it('rejects empty input and text without headers', async () => {
    await expect(parseInboundEmail(new Uint8Array(0))).rejects.toMatchObject({
      reason: 'the message is empty',
    })
    await expect(parseInboundEmail(Buffer.from('\r\n\r\n'))).rejects.toBeInstanceOf(UnparseableEmailError)
    await expect(
      parseInboundEmail(Buffer.from('just some words\nwith no header at all\n')),
    ).rejects.toMatchObject({
      reason: 'no email headers were found at the start of the data',
    })
  })

  it('rejects input over the size limit before parsing it', async () => {
    const raw = Buffer.from(`Subject: big\r\n\r\n${'x'.repeat(2000)}`)
    await expect(parseInboundEmail(raw, { maxBytes: 1000 })).rejects.toBeInstanceOf(UnparseableEmailError)
  })

  it('keeps the headers of a message whose MIME nesting is too deep to parse', async () => {
    const nested = 'Content-Type: multipart/mixed; boundary=a\r\n\r\n--a\r\n'.repeat(400)
    const raw = Buffer.from(`From: Ann <ann@example.com>\r\nSubject: Deep\r\n${nested}`)
    const email = await parseInboundEmail(raw)
    expect(email.subject).toBe('Deep')
    expect(email.from).toEqual({ address: 'ann@example.com', name: 'Ann' })
    expect(email.defects.join('\n')).toMatch(/body could not be parsed .*nesting depth/)
  })

  it('finds the sender in Return-Path when From is missing', async () => {
    const raw = Buffer.from('Return-Path: <bob@example.com>\r\nSubject: Hi\r\n\r\nHello there\r\n')
    const email = await parseInboundEmail(raw)
    expect(email.from).toEqual({ address: 'bob@example.com', name: '' })
    expect(email.defects).toEqual(
      expect.arrayContaining(['missing From header', 'sender taken from Return-Path']),
    )
  })
})

describe('parseInboundEmail on text no page can show', () => {
  it('drops control characters from the subject, names and bodies, keeping tabs and line breaks', async () => {
    const raw = [
      'From: =?utf-8?B?QWRhAUxvdmVsYWNl?= <ada@example.com>',
      'To: support@example.com',
      'Subject: =?utf-8?B?b3JkZXIBMTIz?=',
      'Content-Type: text/plain; charset=utf-8',
      '',
      `line\tone\u0001\u0002\r\n${'\u0001'.repeat(10_000)}line two`,
      '',
    ].join('\r\n')
    const email = await parseInboundEmail(Buffer.from(raw, 'utf8'))
    expect(email.subject).toBe('order123')
    expect(email.from).toEqual({ address: 'ada@example.com', name: 'AdaLovelace' })
    expect(email.textBody).toBe('line\tone\nline two\n')
    expect(email.postmark.TextBody).toBe(email.textBody)
  })
})

describe('parseInboundEmail on mail made of nothing but parts or headers', () => {
  it('keeps the first 1,000 attachments and the first 1,000 headers, and says so', async () => {
    const parts = Array.from(
      { length: 1001 },
      (_, n) => `--p\r\nContent-Type: application/octet-stream; name="f${n}.bin"\r\n\r\n${n}\r\n`,
    )
    const noise = Array.from({ length: 1001 }, (_, n) => `X-Noise-${n}: ${n}`)
    const raw = [
      'From: a@example.com',
      'Subject: many parts',
      ...noise,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="p"',
      '',
      `${parts.join('')}--p--`,
      '',
    ].join('\r\n')
    const email = await parseInboundEmail(Buffer.from(raw))
    expect(email.attachments).toHaveLength(1000)
    expect(email.headers).toHaveLength(1000)
    expect(email.defects).toContain(
      '1001 attachments; the first 1000 were kept, the raw message has them all',
    )
    expect(email.defects).toContain('1005 header lines; the first 1000 were kept')
  })
})
