import crypto from 'node:crypto'
import { ContactMessages, type TContactRow, ZContactEmail } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import type { TQueryable } from '../db/database'

/** A new ticket's requester: its workspace, address and, when mail says it, the person's name. */
export type TRequester = { teamId: string; email: string; name: string }

const key = (teamId: string, email: string) => `${teamId}\n${email}`

/** The address as contacts key it, or undefined when it is none (a form filled with a name, say). */
export function contactEmailOf(email: string): string | undefined {
  const parsed = ZContactEmail.safeParse(email)
  return parsed.success ? parsed.data : undefined
}

/**
 * Each requester's contact id, made when its address is new to the workspace, in one statement for any
 * number of tickets. A contact that has no name yet takes the one the mail gives; a name a member typed
 * is never overwritten by mail. Returned in the order given; undefined for an address that is none.
 */
export async function upsertRequesters(
  tx: TQueryable,
  requesters: readonly TRequester[],
): Promise<(string | undefined)[]> {
  const wanted = new Map<string, { teamId: string; email: string; name: string }>()
  for (const requester of requesters) {
    const email = contactEmailOf(requester.email)
    if (!email) continue
    const name = requester.name.trim().slice(0, 200)
    const seen = wanted.get(key(requester.teamId, email))
    // One row per address: a statement may not upsert the same contact twice.
    if (!seen) wanted.set(key(requester.teamId, email), { teamId: requester.teamId, email, name })
    else if (seen.name === '') seen.name = name
  }
  if (wanted.size === 0) return requesters.map(() => undefined)
  const rows = [...wanted.values()]
  const { rows: stored } = await tx.query<Pick<TContactRow, 'id' | 'teamId' | 'email'>>(
    `insert into contacts (id, permissions, read_roles, "teamId", "email", "name")
     select r.id,
       array['read("team:' || r.team || '")', 'update("team:' || r.team || '")',
         'delete("team:' || r.team || '/owner")', 'delete("team:' || r.team || '/admin")'],
       array['team:' || r.team], r.team, r.email, r.name
     from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as r (id, team, email, name)
     on conflict ("teamId", "email") do update set
       "name" = case when contacts."name" = '' then excluded."name" else contacts."name" end,
       updated_at = case when contacts."name" = '' and excluded."name" <> '' then now() else contacts.updated_at end
     returning id, "teamId", "email"`,
    [
      rows.map(() => crypto.randomUUID()),
      rows.map((row) => row.teamId),
      rows.map((row) => row.email),
      rows.map((row) => row.name),
    ],
  )
  const ids = new Map(stored.map((row) => [key(row.teamId, row.email), row.id]))
  return requesters.map((requester) => {
    const email = contactEmailOf(requester.email)
    return email ? ids.get(key(requester.teamId, email)) : undefined
  })
}

/** Refuses a ticket's requester that is not a contact of the ticket's workspace, naming the attribute. */
export async function assertContactOfWorkspace(
  tx: TQueryable,
  teamId: string,
  contactId: string,
): Promise<void> {
  const { rows } = await tx.query('select 1 from contacts where id = $1 and "teamId" = $2 for key share', [
    contactId,
    teamId,
  ])
  if (rows.length === 0) {
    throw AppError.invalidStructure(`Attribute "requesterId" ${ContactMessages.contactNotInWorkspace}`)
  }
}
