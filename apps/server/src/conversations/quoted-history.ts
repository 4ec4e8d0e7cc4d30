import type { TQueryable } from '../db/database'
import type { TQuotedMessage } from './reply-mail-body'

/** How much of the conversation a reply quotes: enough for context, never the whole of a long one. */
const QUOTED = { messages: 10, characters: 100_000 }

/**
 * The conversation before a reply, newest first, as the reply quotes it: the customer's mails (the one that
 * opened the ticket included) and the members' replies the customer got (not one taken back or refused),
 * never internal notes. Each is named as a person: a customer by their contact's name (with the address),
 * a member by theirs.
 */
export async function earlierConversation(tx: TQueryable, ticketId: string): Promise<TQuotedMessage[]> {
  const { rows } = await tx.query<{ at: Date; author: string; text: string }>(
    `select * from (
       select m.created_at as at, m.body as text,
         case when m.direction = 'outbound' then coalesce(nullif(u.name, ''), m."from")
              else ${customerName('m."from"')} end as author
       from messages m
       left join users u on m.direction = 'outbound' and u.id = m."userId"
       left join contacts c on m.direction = 'inbound' and c."teamId" = m."teamId" and c.email = lower(m."from")
       where m."ticketId" = $1 and m.direction in ('inbound', 'outbound')
         and m."deliveryState" is distinct from 'withdrawn' and m."deliveryState" is distinct from 'failed'
       union all
       select t.created_at, t.body, ${customerName('t.email')}
       from tickets t
       left join contacts c on c."teamId" = t."teamId" and c.email = lower(t.email)
       where t.id = $1
     ) conversation order by at desc limit ${QUOTED.messages}`,
    [ticketId],
  )
  let left = QUOTED.characters
  return rows.flatMap((row) => {
    if (left <= 0 || row.text.trim() === '') return []
    const text = row.text.slice(0, left)
    left -= text.length
    return [{ at: new Date(row.at), author: row.author, text }]
  })
}

function customerName(address: string): string {
  return `case when coalesce(c.name, '') = '' then ${address} else c.name || ' <' || ${address} || '>' end`
}
