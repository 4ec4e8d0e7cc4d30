import crypto from 'node:crypto'
import fs from 'node:fs'
import { buffer } from 'node:stream/consumers'
import { LOOP_HEADER, OutboundMailKind } from '@parsedesk/contracts'
import nodemailer from 'nodemailer'
import { ConfigError, type TConfig } from '../config/config'
import type { TMailAttachment } from './delivery-observer'
import type { TOutboxRow } from './outbox-repository'
import { describeRelayFailure } from './relay-failure'

/** The relay took the mail; `refused` names recipients it turned down while taking it for the rest. */
export type TRelayAcceptance = { refused: string[] }

export type TSmtpRelay = {
  /**
   * Resolves on the relay's 250; rejects with nodemailer's error (see relay-failure.ts) otherwise.
   * `returnPath` is the envelope sender (`MAIL FROM`) when given, else the mail's From address.
   */
  send(
    mail: TOutboxRow,
    options?: { attachments?: TMailAttachment[]; returnPath?: string },
  ): Promise<TRelayAcceptance>
  close(): void
}

/**
 * A send still going after this long is abandoned and tried again, so a relay that stalls cannot hold a
 * run past its job's expiry (when pg-boss would start a second one beside it). The relay may have taken
 * the mail all the same: that is the window decision 008 describes.
 */
export const SEND_DEADLINE_MS = 60_000

// Generous for a relay on the same network or a provider's submission port; a dead one fails fast.
const TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
}

/** The relay SMTP_RELAY_URL names, signing with DKIM when configured; undefined without one. */
export function openSmtpRelay(options: TConfig['outbox']): TSmtpRelay | undefined {
  if (!options.relayUrl) return undefined
  const relay = new URL(options.relayUrl)
  // smtps:// is TLS from the first byte; smtp:// upgrades with STARTTLS whenever the relay offers it.
  const secure = relay.protocol === 'smtps:'
  const transport = nodemailer.createTransport({
    host: relay.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: relay.port ? Number(relay.port) : secure ? 465 : 587,
    secure,
    ...(relay.username
      ? { auth: { user: decodeURIComponent(relay.username), pass: decodeURIComponent(relay.password) } }
      : {}),
    // Relays may refuse a bare host name in EHLO; the sender's domain is a name they accept.
    name: domainOf(options.from),
    ...TIMEOUTS,
    ...(options.dkim
      ? {
          dkim: {
            domainName: options.dkim.domain,
            keySelector: options.dkim.selector,
            privateKey: readDkimKey(options.dkim.privateKeyPath),
          },
        }
      : {}),
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  return {
    async send(mail, { attachments = [], returnPath } = {}) {
      const message = {
        from: mail.from,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        to: mail.to,
        ...(mail.cc.length > 0 ? { cc: mail.cc } : {}),
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === null ? {} : { html: mail.html }),
        // Ours and fixed when queued, so every try carries the same one and receivers can drop repeats.
        messageId: mail.messageId,
        date: mail.created_at,
        ...(mail.inReplyTo === null ? {} : { inReplyTo: mail.inReplyTo }),
        ...(mail.references === null ? {} : { references: mail.references }),
        headers: {
          // Our own mail coming back to a parsing address is a loop, never a ticket (detect-noise.ts).
          [LOOP_HEADER]: mail.id,
          // Out-of-office robots do not answer what a program sent (RFC 3834); an agent's reply is a person's.
          ...(mail.kind === OutboundMailKind.reply ? {} : { 'Auto-Submitted': autoSubmitted(mail.kind) }),
          // Exchange's out-of-office and read receipts stay silent to an auto-acknowledgement (decision 065).
          ...(mail.kind === OutboundMailKind.autoReply ? { 'X-Auto-Response-Suppress': 'All' } : {}),
        },
      }
      const deliver = async (extra: {
        attachments: TMailAttachment[] | TBufferedAttachment[]
        envelope?: TEnvelope
      }) =>
        refusalsOf(
          await transport.sendMail({
            ...message,
            ...(extra.attachments.length > 0 ? { attachments: extra.attachments } : {}),
            ...(extra.envelope ? { envelope: extra.envelope } : {}),
            signal: AbortSignal.timeout(SEND_DEADLINE_MS),
          }),
        )
      if (!returnPath) return { refused: await deliver({ attachments }) }
      // Each copy's receiving server writes the envelope sender into it as Return-Path, so only the
      // requester's copy carries the return path: whoever is copied can neither see nor forge it. The copies
      // go in a second transaction with our From address as sender, whose bounces are shown, never acted on.
      const buffered = mail.cc.length > 0 ? await bufferAttachments(attachments) : attachments
      const refused = await deliver({ attachments: buffered, envelope: { from: returnPath, to: mail.to } })
      if (mail.cc.length === 0) return { refused }
      try {
        refused.push(
          ...(await deliver({ attachments: buffered, envelope: { from: mail.from, to: mail.cc } })),
        )
      } catch (error) {
        // The requester has the mail: trying again would send it to them twice, so the copies' refusal is noted.
        const { reason } = describeRelayFailure(error)
        refused.push(...mail.cc.map((address) => `${address}: ${reason}`))
      }
      return { refused }
    },
    close: () => transport.close(),
  }
}

type TEnvelope = { from: string; to: string[] }
type TBufferedAttachment = Omit<TMailAttachment, 'content'> & { content: Buffer }

/** RFC 3834: an answer to a person's mail is `auto-replied`; anything else a program sends `auto-generated`. */
function autoSubmitted(kind: TOutboxRow['kind']): string {
  return kind === OutboundMailKind.autoReply ? 'auto-replied' : 'auto-generated'
}

function refusalsOf(info: { rejectedErrors?: unknown }): string[] {
  const refusals = (info.rejectedErrors ?? []) as { recipient?: string; response?: string }[]
  return refusals.map((refusal) => `${refusal.recipient ?? '?'}: ${refusal.response ?? ''}`)
}

/** A file is opened as a stream for one read; a mail sent in two transactions reads it twice. */
async function bufferAttachments(attachments: TMailAttachment[]): Promise<TBufferedAttachment[]> {
  return Promise.all(
    attachments.map(async (attachment) => ({ ...attachment, content: await buffer(attachment.content) })),
  )
}

function domainOf(address: string): string {
  return /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? 'localhost'
}

/** The PEM key DKIM signs with, checked now: a key that cannot sign stops the start with one line. */
function readDkimKey(keyPath: string): string {
  try {
    const pem = fs.readFileSync(keyPath, 'utf8')
    crypto.createPrivateKey(pem)
    return pem
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ConfigError([`DKIM_PRIVATE_KEY_PATH: no private key could be read from ${keyPath} (${reason})`])
  }
}
