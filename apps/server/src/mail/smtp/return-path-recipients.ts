import { OutboundMailKind } from '@parsedesk/contracts'
import type { TQueryable } from '../../db/database'
import type { TReturnPath } from '../../outbox/return-path'
import type { TMailboxRow } from '../mailboxes/mailbox-repository'

/** Who a mail at a reply's return path is for: the reply's workspace's mailbox, and the reply's mail. */
export type TReturnPathRecipient = { mailbox: TMailboxRow; returnedMailId: string }

export type TReturnPathRecipients = {
  /**
   * Undefined when the address is no return path (a parsing address, say); otherwise resolves to its
   * recipient, or to undefined when its MAC is not ours or its reply is gone: SMTP refuses it with 550.
   */
  find(address: string): Promise<TReturnPathRecipient | undefined> | undefined
}

/** The workspace's mailbox a reply went out from (its first, as the reply service picks it). */
async function findReplyMailbox(db: TQueryable, mailId: string): Promise<TMailboxRow | undefined> {
  const { rows } = await db.query<TMailboxRow>(
    `select mb.* from outbox o
       join messages m on m."mailId" = o.id
       join tickets t on t.id = m."ticketId"
       join mailboxes mb on mb."teamId" = t."teamId"
     where o.id = $1 and o."kind" = $2
     order by mb.seq limit 1`,
    [mailId, OutboundMailKind.reply],
  )
  return rows[0]
}

/**
 * Return paths at RCPT (decision 028): a forged or damaged MAC costs no query, and a valid one is
 * looked up each time (bounces are few, and a reply's ticket may be deleted meanwhile).
 */
export function createReturnPathRecipients(options: {
  db: TQueryable
  returnPath: TReturnPath
}): TReturnPathRecipients {
  return {
    find(address) {
      const mailId = options.returnPath.mailIdAt(address)
      if (mailId === undefined) return undefined
      if (mailId === null) return Promise.resolve(undefined)
      return findReplyMailbox(options.db, mailId).then(
        (mailbox) => mailbox && { mailbox, returnedMailId: mailId },
      )
    },
  }
}
