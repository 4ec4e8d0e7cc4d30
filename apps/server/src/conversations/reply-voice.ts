import { FromNamePattern, fromNamePatternOf } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'
import { replySignature } from './signatures'

export type TReplyVoice = {
  /** The bare address replies come from (the message's `from`). */
  address: string
  /** The From header: `"Ada Lovelace from Acme" <support@acme.example>`. */
  from: string
  /** The signatures the reply ends with, placeholders filled; null without any. */
  signature: { html: string; text: string } | null
}

/**
 * How a member's reply speaks (decision 047): from the mailbox's sending address once verified, else its
 * parsing address (the ticket's mailbox when it came in at one of the workspace's, else the first); named
 * by the workspace's pattern; ending with the member's and the mailbox's signatures.
 */
export async function replyVoice(
  db: TQueryable,
  input: { teamId: string; ticketId: string | null; agent: { id: string; name: string; email: string } },
): Promise<TReplyVoice> {
  const { rows } = await db.query<{
    mailboxId: string
    parsingAddress: string
    sendingAddress: string | null
    teamName: string
    prefs: Record<string, unknown>
  }>(
    `select m.id as "mailboxId", m."address" as "parsingAddress",
       case when s."verifiedAt" is not null then s."address" end as "sendingAddress",
       t.name as "teamName", t.prefs
     from mailboxes m join teams t on t.id = m."teamId"
     left join sending_addresses s on s."mailboxId" = m.id
     where m."teamId" = $1
     order by m.id is not distinct from (select "mailboxId" from tickets where id = $2) desc, m.seq limit 1`,
    [input.teamId, input.ticketId],
  )
  const found = rows[0]
  if (!found) throw AppError.invalid('This workspace has no parsing address yet')
  const address = found.sendingAddress ?? found.parsingAddress
  const agentName = input.agent.name.trim() || input.agent.email
  const name =
    fromNamePatternOf(found.prefs) === FromNamePattern.workspace
      ? found.teamName
      : `${agentName} from ${found.teamName}`
  const signature = await replySignature(db, {
    teamId: input.teamId,
    userId: input.agent.id,
    mailboxId: found.mailboxId,
    values: {
      agent: { name: agentName, email: input.agent.email },
      workspace: found.teamName,
      mailboxAddress: address,
    },
  })
  return { address, from: displayAddress(name, address), signature }
}

/** A display name in quotes, without the characters that would end the quotes or the header line. */
function displayAddress(name: string, address: string): string {
  const clean = name.replace(/["\\\r\n<>]/g, '').trim()
  return clean ? `"${clean}" <${address}>` : address
}
