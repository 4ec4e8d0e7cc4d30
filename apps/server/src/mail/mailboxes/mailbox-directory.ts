import { ErrorType, imapMailboxLabel, type TMailboxDirectory } from '@parsedesk/contracts'
import type { TAuth } from '../../accounts/auth-context'
import { AppError } from '../../core/app-error'
import type { TQueryable } from '../../db/database'
import { isMember } from '../../teams/workspace-access'

/**
 * The workspace's mailboxes by name, for every member (decision 022): agents filter tickets by where they
 * came in, but only owners and admins read the IMAP accounts themselves (decision 011), so this names each
 * one without its host settings, state or secret.
 */
export async function readMailboxDirectory(
  db: TQueryable,
  auth: TAuth,
  teamId: string,
): Promise<TMailboxDirectory> {
  if (auth.kind !== 'user') throw AppError.unauthorizedScope()
  // Another workspace's mailboxes are not there at all for this caller.
  if (!isMember(auth, teamId)) throw new AppError(ErrorType.teamNotFound)
  const [addresses, accounts] = await Promise.all([
    db.query<{ id: string; address: string }>(
      'select id, "address" from mailboxes where "teamId" = $1 order by seq',
      [teamId],
    ),
    db.query<{ id: string; username: string; host: string }>(
      'select id, "username", "host" from imap_accounts where "teamId" = $1 order by seq',
      [teamId],
    ),
  ])
  return {
    mailboxes: [
      ...addresses.rows.map((row) => ({ id: row.id, kind: 'address' as const, label: row.address })),
      ...accounts.rows.map((row) => ({ id: row.id, kind: 'imap' as const, label: imapMailboxLabel(row) })),
    ],
  }
}
