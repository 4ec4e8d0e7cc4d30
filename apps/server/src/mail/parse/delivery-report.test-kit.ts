/**
 * Delivery status notifications as real servers write them (RFC 3464 `multipart/report`), with what
 * changes between two bounces as options: who got our mail, which mail it was, and what went wrong.
 */
export type TBounceOptions = {
  /** Where the report is sent: the workspace's parsing address. */
  to: string
  /** Who the mail could not reach. */
  recipient: string
  /** Our mail's Message-ID, with its angle brackets. */
  messageId: string
  /** The returned mail's own headers and text, when the server sends it back whole. */
  returned?: string
}

const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`

function returnedHeaders(options: TBounceOptions): string[] {
  return [
    'Return-Path: <acme-k7m2@inbound.test>',
    'From: "Acme Support" <acme-k7m2@inbound.test>',
    `To: ${options.recipient}`,
    'Subject: Re: Export is broken [#12]',
    `Message-ID: ${options.messageId}`,
    'Date: Tue, 24 Nov 2026 10:00:00 +0000',
  ]
}

/** Postfix's "Undelivered Mail Returned to Sender": the whole mail back as message/rfc822. */
export function postfixBounce(options: TBounceOptions & { status?: string; diagnostic?: string }): string {
  const boundary = '9B7841BC027.1766992201/mx.customer.example'
  return crlf([
    'Date: Tue, 24 Nov 2026 10:00:05 +0000 (UTC)',
    'From: MAILER-DAEMON@mx.customer.example (Mail Delivery System)',
    'Subject: Undelivered Mail Returned to Sender',
    `To: ${options.to}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status;\r\n\tboundary="${boundary}"`,
    'Message-Id: <20261124100005.3E47A1BC025@mx.customer.example>',
    '',
    'This is a MIME-encapsulated message.',
    '',
    `--${boundary}`,
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.customer.example.',
    '',
    "I'm sorry to have to inform you that your message could not",
    "be delivered to one or more recipients. It's attached below.",
    '',
    `<${options.recipient}>: host mailstore.customer.example[10.0.0.7] said: 550 5.1.1`,
    '    User unknown in virtual mailbox table (in reply to RCPT TO command)',
    '',
    `--${boundary}`,
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.customer.example',
    'X-Postfix-Queue-ID: 9B7841BC027',
    'X-Postfix-Sender: rfc822; acme-k7m2@inbound.test',
    'Arrival-Date: Tue, 24 Nov 2026 10:00:01 +0000 (UTC)',
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    `Original-Recipient: rfc822;${options.recipient}`,
    'Action: failed',
    `Status: ${options.status ?? '5.1.1'}`,
    'Remote-MTA: dns; mailstore.customer.example',
    `Diagnostic-Code: ${
      options.diagnostic ??
      `smtp; 550 5.1.1 <${options.recipient}>: Recipient address rejected: User unknown in\r\n    virtual mailbox table`
    }`,
    '',
    `--${boundary}`,
    'Content-Description: Undelivered Message',
    'Content-Type: message/rfc822',
    '',
    ...returnedHeaders(options),
    'Content-Type: text/plain; charset=utf-8',
    '',
    options.returned ?? 'Hello Bob, the export works again.',
    '',
    `--${boundary}--`,
  ])
}

/** Postfix's "Delayed Mail (still being retried)": a warning, not a failure. */
export function postfixDelay(options: TBounceOptions): string {
  const boundary = 'D1E2F3.1766992201/mx.customer.example'
  return crlf([
    'From: MAILER-DAEMON@mx.customer.example (Mail Delivery System)',
    'Subject: Delayed Mail (still being retried)',
    `To: ${options.to}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    'Message-Id: <20261124140005.D1E2F3@mx.customer.example>',
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.customer.example.',
    '',
    '####################################################################',
    '# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #',
    '####################################################################',
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.customer.example',
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    'Action: delayed',
    'Status: 4.4.1',
    'Diagnostic-Code: X-Postfix; connect to mailstore.customer.example[10.0.0.7]:25:',
    '    Connection timed out',
    'Will-Retry-Until: Tue, 29 Nov 2026 10:00:01 +0000 (UTC)',
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    ...returnedHeaders(options),
    '',
    `--${boundary}--`,
  ])
}

/**
 * Exchange Online's "Undeliverable:": the reasons in HTML, the returned headers only, and the original
 * Message-ID also in In-Reply-To and References.
 */
export function exchangeBounce(options: TBounceOptions): string {
  const boundary = '_000_AM6PR01MB12345E6AA7B8C9D0E1F2AM6PR01MB1234eurp_'
  return crlf([
    'From: Microsoft Outlook',
    '\t<MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@contoso.onmicrosoft.com>',
    `To: <${options.to}>`,
    'Date: Tue, 24 Nov 2026 10:00:09 +0000',
    'Content-Type: multipart/report; report-type="delivery-status";',
    `\tboundary="${boundary}"`,
    'Content-Language: en-US',
    'Message-ID: <d1c5b0a4-9f2e-4a8b-bb1c-3f7e0c2d9a11@AM6PR01MB1234.eurprd01.prod.exchangelabs.com>',
    `In-Reply-To: ${options.messageId}`,
    `References: ${options.messageId}`,
    'Subject: Undeliverable: Re: Export is broken [#12]',
    'Auto-Submitted: auto-replied',
    'X-MS-Exchange-Message-Is-Ndr:',
    'MIME-Version: 1.0',
    '',
    `--${boundary}`,
    'Content-Type: text/html; charset="us-ascii"',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    '<html><body><p><b><font color=3D"#000066" size=3D"3">Your message to ',
    `${options.recipient} couldn't be delivered.</font></b></p></body></html>`,
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns;AM6PR01MB1234.eurprd01.prod.exchangelabs.com',
    'Received-From-MTA: dns;relay.parsedesk.example',
    'Arrival-Date: Tue, 24 Nov 2026 10:00:07 +0000',
    '',
    `Final-recipient: RFC822;${options.recipient}`,
    'Action: failed',
    'Status: 5.1.10',
    'Diagnostic-code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
    `X-Display-Name: ${options.recipient}`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    ...returnedHeaders(options),
    '',
    `--${boundary}--`,
  ])
}

/**
 * Gmail's "Delivery Status Notification (Failure)": a three-line SMTP reply folded across the
 * Diagnostic-Code, and the mail named in the report (X-Original-Message-ID) and sent back whole.
 */
export function gmailBounce(options: TBounceOptions): string {
  const boundary = '000000000000c5d8e2061b0a1f3b'
  return crlf([
    'Date: Tue, 24 Nov 2026 02:00:04 -0800 (PST)',
    'From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
    `To: ${options.to}`,
    'Auto-Submitted: auto-replied',
    'Subject: Delivery Status Notification (Failure)',
    `X-Failed-Recipients: ${options.recipient}`,
    'Message-ID: <6563b1a4.050a0220.8b3c1.1234.GMR@mx.google.com>',
    `Content-Type: multipart/report; boundary="${boundary}"; report-type=delivery-status`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset="UTF-8"',
    '',
    '** Address not found **',
    '',
    `Your message wasn't delivered to ${options.recipient} because the address couldn't be found.`,
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; googlemail.com',
    'Arrival-Date: Tue, 24 Nov 2026 02:00:03 -0800 (PST)',
    `X-Original-Message-ID: ${options.messageId}`,
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    'Remote-MTA: dns; gmail-smtp-in.l.google.com. (2a00:1450:400c:c0b::1b, the server for the',
    ' domain gmail.com.)',
    'Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist.',
    ' Please try',
    " 550-5.1.1 double-checking the recipient's email address for typos or",
    ' 550-5.1.1 unnecessary spaces. For more information, go to',
    ' 550 5.1.1  https://support.google.com/mail/?p=NoSuchUser a1si123 - gsmtp',
    'Last-Attempt-Date: Tue, 24 Nov 2026 02:00:04 -0800 (PST)',
    '',
    `--${boundary}`,
    'Content-Type: message/rfc822',
    '',
    ...returnedHeaders(options),
    'Content-Type: text/plain; charset="UTF-8"',
    '',
    options.returned ?? 'Hello, the export works again.',
    '',
    `--${boundary}--`,
  ])
}

/**
 * A report anyone who received the reply could write: a well-formed failure naming our mail only in its
 * own In-Reply-To and References, with no returned message.
 */
export function threadOnlyReport(options: TBounceOptions): string {
  const boundary = 'forged-report-boundary'
  return crlf([
    'From: Mail Delivery System <mailer-daemon@customer.example>',
    `To: ${options.to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Message-ID: <forged-report@customer.example>',
    `In-Reply-To: ${options.messageId}`,
    `References: ${options.messageId}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'Your message could not be delivered.',
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.customer.example',
    '',
    `Final-Recipient: rfc822; ${options.recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
    '',
    `--${boundary}--`,
  ])
}
