import type { ZSignatureUpdate } from '@parsedesk/contracts'
import type { z } from 'zod'
import type { TQueryable } from '../db/database'
import { htmlToText } from '../mail/parse'
import { escapeHtml } from './reply-mail-body'
import { sanitizeReplyHtml } from './sanitize-reply-html'

/** Whose signature: a member's in one workspace, or a mailbox's (the company's footer). */
export type TSignatureOwner = `member:${string}` | `mailbox:${string}`

export type TSignatureValues = {
  agent: { name: string; email: string }
  workspace: string
  mailboxAddress: string
}

export async function readSignature(db: TQueryable, teamId: string, owner: TSignatureOwner): Promise<string> {
  const { rows } = await db.query<{ html: string }>(
    'select "html" from signatures where "teamId" = $1 and "ownerKey" = $2',
    [teamId, owner],
  )
  return rows[0]?.html ?? ''
}

/** Stores the signature sanitised as a reply's HTML is; an empty one removes it. */
export async function writeSignature(
  db: TQueryable,
  teamId: string,
  owner: TSignatureOwner,
  { html }: z.output<typeof ZSignatureUpdate>,
) {
  const clean = sanitizeReplyHtml(html)
  if (clean === undefined) {
    await db.query('delete from signatures where "teamId" = $1 and "ownerKey" = $2', [teamId, owner])
    return ''
  }
  await db.query(
    `insert into signatures ("teamId", "ownerKey", "html") values ($1, $2, $3)
     on conflict ("teamId", "ownerKey") do update set "html" = excluded."html", updated_at = now()`,
    [teamId, owner, clean],
  )
  return clean
}

/**
 * What a reply ends with: the member's signature, then the mailbox's, placeholders filled with the
 * values escaped (a name is text, never markup); null when neither is set.
 */
export async function replySignature(
  db: TQueryable,
  input: { teamId: string; userId: string; mailboxId: string | null; values: TSignatureValues },
): Promise<{ html: string; text: string } | null> {
  const owners: TSignatureOwner[] = [`member:${input.userId}`]
  if (input.mailboxId) owners.push(`mailbox:${input.mailboxId}`)
  const { rows } = await db.query<{ ownerKey: string; html: string }>(
    `select "ownerKey", "html" from signatures where "teamId" = $1 and "ownerKey" = any($2::text[])`,
    [input.teamId, owners],
  )
  const parts = owners
    .map((owner) => rows.find((row) => row.ownerKey === owner)?.html)
    .filter((html): html is string => Boolean(html))
  if (parts.length === 0) return null
  const html = fillPlaceholders(parts.join(''), input.values)
  return { html, text: htmlToText(html).trim() }
}

export function fillPlaceholders(html: string, values: TSignatureValues): string {
  const byName: Record<string, string> = {
    'agent.name': values.agent.name,
    'agent.firstName': values.agent.name.split(/\s+/)[0] ?? '',
    'agent.email': values.agent.email,
    'workspace.name': values.workspace,
    'mailbox.address': values.mailboxAddress,
  }
  return html.replace(/\{([a-zA-Z.]+)\}/g, (whole, name: string) =>
    name in byName ? escapeHtml(byName[name] ?? '') : whole,
  )
}
