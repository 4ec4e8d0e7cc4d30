import { TeamRole, uniqueId } from '@parsedesk/contracts'
import { insertUser, type TUserRow } from '../accounts/users-repository'
import type { TDatabase } from '../db/database'
import { ensureMailbox, type TMailboxRow } from '../mail/mailboxes/mailbox-repository'
import { insertMembership, insertTeam } from '../teams/team-repository'

/**
 * A new account that owns a workspace with its parsing mailbox, written straight to the database as
 * sign-up would leave them, for suites that test mail below the HTTP API.
 */
export async function insertMailboxOwner(
  db: TDatabase,
  options: { id: string; email: string; name: string; domain: string },
): Promise<{ user: TUserRow; teamId: string; mailbox: TMailboxRow }> {
  const user = await insertUser(db, {
    id: options.id,
    email: options.email,
    name: options.name,
    passwordHash: null,
  })
  const teamId = uniqueId()
  await insertTeam(db, { id: teamId, name: `${options.name}'s workspace` })
  await insertMembership(db, {
    id: uniqueId(),
    teamId,
    userId: user.id,
    email: user.email,
    name: user.name,
    roles: [TeamRole.owner],
    confirm: true,
    secretHash: null,
    secretExpire: null,
    invitedBy: null,
  })
  const mailbox = await db.transaction((tx) => ensureMailbox(tx, { teamId, user, domain: options.domain }))
  return { user, teamId, mailbox }
}
