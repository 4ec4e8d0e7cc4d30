import { z } from 'zod'
import { TicketLimits } from './tickets'

/**
 * Marking a ticket spam, and what of its sender to block with it: nothing, the address, or its whole
 * domain. A later mail from a blocked sender is rejected, with the reason, in the mailbox's records.
 */
export const SpamBlock = { none: 'none', address: 'address', domain: 'domain' } as const
export const SPAM_BLOCKS = Object.values(SpamBlock) as [TSpamBlock, ...TSpamBlock[]]
export type TSpamBlock = (typeof SpamBlock)[keyof typeof SpamBlock]

export const ZMarkSpam = z.object({ block: z.enum(SPAM_BLOCKS).default(SpamBlock.none) }).strict()
export type TMarkSpam = z.input<typeof ZMarkSpam>

/** What a block list entry blocks: one address, or every address of a domain. */
export const BLOCKED_SENDER_KINDS = ['address', 'domain'] as const
export type TBlockedSenderKind = (typeof BLOCKED_SENDER_KINDS)[number]

/** One entry of a workspace's block list, as its members read it. */
export type TBlockedSender = {
  $id: string
  teamId: string
  /** A lower-case address (`ada@example.com`) or domain (`example.com`). */
  value: string
  kind: TBlockedSenderKind
  /** The ticket it was blocked from, while that ticket exists. */
  ticketId: string | null
  /** Who blocked it (a user id). */
  createdBy: string
  $createdAt: string
}

/**
 * A sender a member marked "not spam": the workspace's later mail from that address is analysed with the
 * spam rules set aside (unless it fails DMARC, when its From may be forged).
 */
export type TTrustedSender = {
  $id: string
  teamId: string
  /** A lower-case address. */
  address: string
  /** The ticket it was marked not spam on, while that ticket exists. */
  ticketId: string | null
  /** Who marked it (a user id). */
  createdBy: string
  $createdAt: string
}

export const SpamMessages = {
  noSender: 'This ticket has no sender address to block',
  notManager: 'Only owners and admins unblock senders',
  notManagerToForget: 'Only owners and admins forget senders marked not spam',
  notSpam: 'This ticket is not marked as spam',
  blockedReason: (value: string, kind: TBlockedSenderKind) =>
    kind === 'domain'
      ? `the sender's domain ${value} is blocked in this workspace`
      : `the sender ${value} is blocked in this workspace`,
} as const

/** The part of an address a block by domain names: `ada@Mail.Example.com` -> `mail.example.com`. */
export function senderDomainOf(address: string): string | null {
  const at = address.lastIndexOf('@')
  const domain =
    at > 0
      ? address
          .slice(at + 1)
          .trim()
          .toLowerCase()
      : ''
  return domain.length > 0 && domain.length <= TicketLimits.email ? domain : null
}
