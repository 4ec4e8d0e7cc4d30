import crypto from 'node:crypto'
import {
  CUSTOM_ID_PATTERN,
  ErrorType,
  OutboundMailKind,
  SendingLimitMessages,
  TeamLimits,
  TeamMessages,
  TeamRole,
  type TInvitationJoin,
  type TTeamRole,
  uniqueId,
  type ZMembershipCreate,
  type ZMembershipStatusUpdate,
  type ZMembershipUpdate,
  type ZTeamCreate,
  type ZTeamPrefsUpdate,
  type ZTeamUpdate,
} from '@parsedesk/contracts'
import type { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import { linkOnOrigin } from '../accounts/link-on-origin'
import { type TRateLimit, takeSlot } from '../accounts/rate-limit'
import { findUserByEmail, findUserById, type TUserRow } from '../accounts/users-repository'
import { AppError } from '../core/app-error'
import { clientNetwork } from '../core/client-network'
import { hashSecret } from '../core/secret-hash'
import type { TDatabase, TQueryable } from '../db/database'
import type { TOutbox } from '../outbox/outbox-service'
import type { TEventBus } from '../realtime/event-bus'
import { takeInvitationSlots } from './invitation-limits'
import { composeInvitation } from './invitation-mail'
import { publishMembershipEvent, publishTeamEvent } from './team-events'
import { toMembershipModel, toTeamModel } from './team-model'
import { parseListWindow } from './team-queries'
import {
  acceptMembership,
  countMemberships,
  countOtherOwners,
  countTeamsOfUser,
  deleteMembership,
  deleteTeam,
  findMembership,
  findMembershipOfUser,
  findMemberUserIds,
  findTeam,
  insertMembership,
  insertTeam,
  listMemberships,
  listTeamsOfUser,
  lockTeam,
  type TMembershipRow,
  updateMembershipRoles,
  updateTeam,
} from './team-repository'

export type TTeamServiceDeps = {
  db: TDatabase
  /** Changes of workspaces and memberships reach open sockets through it, after their commit. */
  bus: TEventBus
  /** Where invitation mails are queued, in the invitation's transaction. */
  outbox: TOutbox
  /**
   * Whether invitations leave by mail (a relay is configured): then only a verified address may invite.
   * Without a relay an invitation is a link its owner hands over, and a verification, itself a mail, could
   * never arrive. Default: true.
   */
  verifiedInviters?: boolean
  /** Origins an invitation link may point to: the public address and CORS_ORIGINS. */
  allowedOrigins: Set<string>
  /**
   * What a member's leaving does outside the workspace (their tickets, which teams/ cannot import): called
   * in the removal's transaction before the membership goes; what it returns runs after the commit.
   * The admin CLI, which removes nobody, goes without.
   */
  memberLeaving?: (tx: TQueryable, member: { teamId: string; userId: string }) => Promise<() => Promise<void>>
}

// Guessing an invitation's secret from one address is slowed to a crawl (the secret has 256 bits anyway).
const ACCEPTS_PER_ADDRESS: TRateLimit = { bucket: 'team-accept-ip', limit: 20, windowMs: 15 * 60_000 }

const INVITATION_MS = TeamLimits.invitationDays * 86_400_000

function requireUser(auth: TAuth) {
  if (auth.kind !== 'user') throw AppError.unauthorizedScope()
  return auth.user
}

function newId(requested: string): string {
  const id = requested === 'unique()' ? uniqueId() : requested
  if (!CUSTOM_ID_PATTERN.test(id)) throw AppError.invalid('Invalid `teamId` param: not a valid id')
  return id
}

/**
 * Whether an id from the address could name a workspace or membership at all. One that could not (a NUL
 * in it, say) finds nothing, rather than the id the database layer reads once it has cleaned it.
 */
function isId(value: string): boolean {
  return CUSTOM_ID_PATTERN.test(value)
}

/** The membership an address names, under the workspace it names. */
function findNamedMembership(tx: TQueryable, teamId: string, membershipId: string) {
  return isId(teamId) && isId(membershipId) ? findMembership(tx, teamId, membershipId) : undefined
}

function hasRole(membership: TMembershipRow, roles: TTeamRole[]): boolean {
  return membership.roles.some((role) => roles.includes(role))
}

/** The name a new account's own workspace gets: its owner's, which they can change. */
export function workspaceNameFor(user: Pick<TUserRow, 'name' | 'email'>): string {
  const owner = user.name.trim() || user.email.split('@')[0] || user.email
  return `${owner}'s workspace`.slice(0, TeamLimits.name)
}

/**
 * Workspaces (Appwrite teams) and their members. Every rule is enforced here, whoever calls: only members
 * see a workspace (others get "not found", as if it did not exist), owners and admins run it, only owners
 * touch owners, and a workspace always keeps an owner.
 */
export function createTeamService(deps: TTeamServiceDeps) {
  const { db } = deps

  /** The caller's confirmed membership of the workspace, or "not found" for anyone else. */
  async function requireMember(auth: TAuth, teamId: string, tx: TQueryable = db): Promise<TMembershipRow> {
    const user = requireUser(auth)
    if (!isId(teamId)) throw new AppError(ErrorType.teamNotFound)
    const membership = await findMembershipOfUser(tx, teamId, user.id)
    if (!membership) throw new AppError(ErrorType.teamNotFound)
    return membership
  }

  async function requireManager(auth: TAuth, teamId: string, tx: TQueryable = db): Promise<TMembershipRow> {
    const membership = await requireMember(auth, teamId, tx)
    if (!hasRole(membership, [TeamRole.owner, TeamRole.admin]))
      throw AppError.forbidden(TeamMessages.notAllowed)
    return membership
  }

  async function teamModel(teamId: string) {
    const team = await findTeam(db, teamId)
    if (!team) throw new AppError(ErrorType.teamNotFound)
    return toTeamModel(team)
  }

  async function membershipModel(teamId: string, membershipId: string) {
    const membership = await findMembership(db, teamId, membershipId)
    if (!membership) throw new AppError(ErrorType.membershipNotFound)
    return toMembershipModel(membership)
  }

  /** A workspace with `user` as its only member, holding `roles`. */
  async function insertWorkspace(
    tx: TQueryable,
    options: { teamId: string; name: string; user: TUserRow; roles: TTeamRole[] },
  ): Promise<void> {
    if (!(await insertTeam(tx, { id: options.teamId, name: options.name }))) {
      throw new AppError(ErrorType.teamAlreadyExists)
    }
    await insertMembership(tx, {
      id: uniqueId(),
      teamId: options.teamId,
      userId: options.user.id,
      email: options.user.email,
      name: options.user.name,
      roles: options.roles,
      confirm: true,
      secretHash: null,
      secretExpire: null,
      invitedBy: null,
    })
  }

  /** Whether an owner change leaves the workspace with an owner. */
  async function assertOwnerRemains(tx: TQueryable, membership: TMembershipRow, nextRoles: TTeamRole[]) {
    const losesOwner =
      membership.confirm && hasRole(membership, [TeamRole.owner]) && !nextRoles.includes(TeamRole.owner)
    if (losesOwner && (await countOtherOwners(tx, membership.team_id, membership.id)) === 0) {
      throw AppError.forbidden(TeamMessages.lastOwner)
    }
  }

  /** Only owners make owners or change an owner's roles. */
  function assertMayChangeRoles(
    actor: TMembershipRow,
    target: { roles: TTeamRole[] },
    nextRoles: TTeamRole[],
  ) {
    const touchesOwner = target.roles.includes(TeamRole.owner) || nextRoles.includes(TeamRole.owner)
    if (touchesOwner && !hasRole(actor, [TeamRole.owner]))
      throw AppError.forbidden(TeamMessages.onlyOwnersTouchOwners)
  }

  return {
    /** A new account's own workspace, in the sign-up's transaction. */
    createWorkspaceFor(tx: TQueryable, user: TUserRow): Promise<void> {
      return insertWorkspace(tx, {
        teamId: uniqueId(),
        name: workspaceNameFor(user),
        user,
        roles: [TeamRole.owner],
      })
    },

    /**
     * A new account that signed up from its invitation's page joins that workspace instead of getting one
     * of its own (it may create one later). A link that no longer works, or was sent to another address,
     * stops the sign-up: nobody ends up with an account they did not ask for, nor in no workspace at all.
     * The sign-up's own limit slows guessing a secret as much as accepting does.
     */
    async joinOnSignUp(
      tx: TQueryable,
      user: TUserRow,
      invitation: TInvitationJoin,
    ): Promise<() => Promise<void>> {
      const membership = await findNamedMembership(tx, invitation.teamId, invitation.membershipId)
      const secretHash = hashSecret(invitation.secret)
      if (!membership || membership.confirm || membership.secret_hash !== secretHash) {
        throw new AppError(ErrorType.teamInvalidSecret, TeamMessages.invitationInvalid)
      }
      if (membership.email !== user.email.toLowerCase()) {
        throw new AppError(ErrorType.teamInviteMismatch, TeamMessages.invitationForSomeoneElse)
      }
      const accepted = await acceptMembership(tx, {
        membershipId: membership.id,
        secretHash,
        userId: user.id,
      })
      if (!accepted) throw new AppError(ErrorType.teamInvalidSecret, TeamMessages.invitationInvalid)
      return async () => {
        const joined = await membershipModel(invitation.teamId, membership.id)
        await publishMembershipEvent(deps.bus, { action: 'update', membership: joined })
      }
    },

    async createTeam(auth: TAuth, body: z.output<typeof ZTeamCreate>) {
      const user = requireUser(auth)
      const teamId = newId(body.teamId)
      await db.transaction(async (tx) => {
        if ((await countTeamsOfUser(tx, user.id)) >= TeamLimits.workspacesPerUser) {
          throw AppError.forbidden(TeamMessages.tooManyWorkspaces)
        }
        // Appwrite's roles for the creator default to owner; whatever is asked, the creator stays an owner.
        const roles = [...new Set<TTeamRole>([TeamRole.owner, ...(body.roles ?? [])])]
        await insertWorkspace(tx, { teamId, name: body.name, user, roles })
      })
      const team = await teamModel(teamId)
      await publishTeamEvent(deps.bus, { action: 'create', team })
      return team
    },

    async listTeams(auth: TAuth, options: { queries: unknown; search: unknown }) {
      const user = requireUser(auth)
      const { total, teams } = await listTeamsOfUser(db, user.id, parseListWindow(options))
      return { total, teams: teams.map(toTeamModel) }
    },

    async getTeam(auth: TAuth, teamId: string) {
      await requireMember(auth, teamId)
      return teamModel(teamId)
    },

    async updateName(auth: TAuth, teamId: string, { name }: z.output<typeof ZTeamUpdate>) {
      await requireManager(auth, teamId)
      await updateTeam(db, teamId, { name })
      const team = await teamModel(teamId)
      await publishTeamEvent(deps.bus, { action: 'update', team })
      return team
    },

    async deleteTeam(auth: TAuth, teamId: string): Promise<void> {
      const membership = await requireMember(auth, teamId)
      if (!hasRole(membership, [TeamRole.owner])) throw AppError.forbidden(TeamMessages.notAllowed)
      const team = await teamModel(teamId)
      const formerMembers = await findMemberUserIds(db, teamId)
      await deleteTeam(db, teamId)
      await publishTeamEvent(deps.bus, { action: 'delete', team, formerMembers })
    },

    async getPrefs(auth: TAuth, teamId: string) {
      await requireMember(auth, teamId)
      return (await teamModel(teamId)).prefs
    },

    async updatePrefs(auth: TAuth, teamId: string, { prefs }: z.output<typeof ZTeamPrefsUpdate>) {
      await requireManager(auth, teamId)
      await updateTeam(db, teamId, { prefs })
      await publishTeamEvent(deps.bus, { action: 'update', team: await teamModel(teamId) })
      return prefs
    },

    async listMemberships(auth: TAuth, teamId: string, options: { queries: unknown; search: unknown }) {
      const membership = await requireMember(auth, teamId)
      // Agents see who they work with; only those who invite see the invitations still open.
      const withInvitations = hasRole(membership, [TeamRole.owner, TeamRole.admin])
      const { total, memberships } = await listMemberships(db, teamId, {
        ...parseListWindow(options),
        withInvitations,
      })
      return { total, memberships: memberships.map(toMembershipModel) }
    },

    async getMembership(auth: TAuth, teamId: string, membershipId: string) {
      const caller = await requireMember(auth, teamId)
      const membership = await findNamedMembership(db, teamId, membershipId)
      const mayRead = membership?.confirm || hasRole(caller, [TeamRole.owner, TeamRole.admin])
      if (!membership || !mayRead) throw new AppError(ErrorType.membershipNotFound)
      return toMembershipModel(membership)
    },

    /**
     * Invites a person by address (or an existing account by id) with roles. The invitation mail, with a
     * single-use link valid for TeamLimits.invitationDays, is queued in the same transaction, so there is
     * never an invitation without its mail, nor a mail without its invitation.
     */
    async createMembership(
      auth: TAuth,
      teamId: string,
      body: z.output<typeof ZMembershipCreate>,
      client: { ip: string },
    ) {
      const inviter = requireUser(auth)
      const invitee = body.userId ? await findUserById(db, body.userId) : undefined
      if (body.userId && !invitee) throw AppError.invalid('Invalid `userId` param: no such user')
      const email = (invitee?.email ?? body.email ?? '').trim().toLowerCase()
      if (!email) throw AppError.invalid(TeamMessages.invitationNeedsAddress)
      if (!body.url) throw AppError.invalid('Invalid `url` param: the page that accepts the invitation')
      const link = (fields: Record<string, string>) =>
        linkOnOrigin({
          url: body.url ?? '',
          allowedOrigins: deps.allowedOrigins,
          fields,
          foreignMessage: TeamMessages.invitationUrlForeign,
        })
      // Refused before anything is counted or written.
      link({})
      const membershipId = uniqueId()
      const secret = crypto.randomBytes(32).toString('hex')
      const expiresAt = new Date(Date.now() + INVITATION_MS)
      const queued = await db.transaction(async (tx) => {
        if (!(await lockTeam(tx, teamId))) throw new AppError(ErrorType.teamNotFound)
        const actor = await requireManager(auth, teamId, tx)
        assertMayChangeRoles(actor, { roles: [] }, body.roles)
        if ((await countMemberships(tx, teamId)) >= TeamLimits.membersPerWorkspace) {
          throw AppError.forbidden(TeamMessages.tooManyMembers)
        }
        const who = { accountId: inviter.id, teamId }
        // A fresh sign-up's address is anyone's: it invites nobody until it is shown to be theirs.
        if (deps.verifiedInviters !== false && !inviter.email_verification)
          deps.outbox.refuseLimit(
            'invitation-unverified',
            who,
            new AppError(ErrorType.generalAccessForbidden, SendingLimitMessages.invitationNeedsVerified),
          )
        // Counted in this transaction, once the caller may invite: a refused or failed invitation sends no
        // mail and takes nothing from the budgets, so no outsider or agent can use them up.
        const refused = await takeInvitationSlots(tx, { ...who, address: clientNetwork(client.ip) })
        if (refused) deps.outbox.refuseLimit(refused.name, who, refused.error)
        const account = invitee ?? (await findUserByEmail(tx, email))
        const inserted = await insertMembership(tx, {
          id: membershipId,
          teamId,
          userId: account?.id ?? null,
          email,
          name: (body.name ?? account?.name ?? '').trim(),
          roles: body.roles,
          confirm: false,
          secretHash: hashSecret(secret),
          secretExpire: expiresAt,
          invitedBy: inviter.id,
        })
        if (!inserted) {
          const existing = account && (await findMembershipOfUser(tx, teamId, account.id))
          throw new AppError(
            ErrorType.teamInviteAlreadyExists,
            existing ? TeamMessages.alreadyMember : TeamMessages.alreadyInvited,
          )
        }
        const teamName = (await findTeam(tx, teamId))?.name ?? ''
        const { subject, text } = composeInvitation({
          teamName,
          inviterName: inviter.name || inviter.email,
          roles: body.roles,
          // The address rides along so the page can fill it in: the mail went to it anyway.
          link: link({ membershipId, userId: account?.id ?? '', secret, teamId, teamName, email }),
          expiresAt,
        })
        // The workspace's managers may read it in the outbox, link included: with no relay configured
        // that is how the invitation reaches its person.
        return deps.outbox.queueMail(tx, {
          kind: OutboundMailKind.invitation,
          idempotencyKey: `invitation:${membershipId}`,
          ownerId: inviter.id,
          readableBy: [`team:${teamId}/${TeamRole.owner}`, `team:${teamId}/${TeamRole.admin}`],
          to: [email],
          subject,
          text,
        })
      })
      await deps.outbox.announceQueued([queued])
      const membership = await membershipModel(teamId, membershipId)
      await publishMembershipEvent(deps.bus, { action: 'create', membership })
      return membership
    },

    async updateMembership(
      auth: TAuth,
      teamId: string,
      membershipId: string,
      { roles }: z.output<typeof ZMembershipUpdate>,
    ) {
      await db.transaction(async (tx) => {
        if (!(await lockTeam(tx, teamId))) throw new AppError(ErrorType.teamNotFound)
        const actor = await requireManager(auth, teamId, tx)
        const target = await findNamedMembership(tx, teamId, membershipId)
        if (!target) throw new AppError(ErrorType.membershipNotFound)
        assertMayChangeRoles(actor, target, roles)
        await assertOwnerRemains(tx, target, roles)
        await updateMembershipRoles(tx, membershipId, roles)
      })
      const membership = await membershipModel(teamId, membershipId)
      await publishMembershipEvent(deps.bus, { action: 'update', membership })
      return membership
    },

    /** Removes a member or revokes an invitation (owners and admins), or leaves (anyone, for themselves). */
    async deleteMembership(auth: TAuth, teamId: string, membershipId: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        if (!(await lockTeam(tx, teamId))) throw new AppError(ErrorType.teamNotFound)
        const actor = await requireMember(auth, teamId, tx)
        const target = await findNamedMembership(tx, teamId, membershipId)
        if (!target) throw new AppError(ErrorType.membershipNotFound)
        if (target.id !== actor.id) {
          if (!hasRole(actor, [TeamRole.owner, TeamRole.admin]))
            throw AppError.forbidden(TeamMessages.notAllowed)
          assertMayChangeRoles(actor, target, [])
        }
        await assertOwnerRemains(tx, target, [])
        const afterCommit =
          target.user_id && deps.memberLeaving
            ? await deps.memberLeaving(tx, { teamId, userId: target.user_id })
            : undefined
        await deleteMembership(tx, membershipId)
        return { target, afterCommit }
      })
      await publishMembershipEvent(deps.bus, {
        action: 'delete',
        membership: toMembershipModel(removed.target),
      })
      await removed.afterCommit?.()
    },

    /**
     * Accepts an invitation with its link's secret. The caller signs in (or up) first, with the address the
     * invitation was sent to: a forwarded link is of no use to anyone else.
     */
    async acceptInvitation(
      auth: TAuth,
      options: {
        teamId: string
        membershipId: string
        ip: string
        input: z.output<typeof ZMembershipStatusUpdate>
      },
    ) {
      const user = requireUser(auth)
      const { userId, secret } = options.input
      const slot = await takeSlot(db, ACCEPTS_PER_ADDRESS, options.ip)
      if (!slot.isTaken) throw AppError.rateLimited()
      const invitation = await findNamedMembership(db, options.teamId, options.membershipId)
      if (!invitation) throw new AppError(ErrorType.membershipNotFound)
      if (invitation.confirm || invitation.secret_hash !== hashSecret(secret)) {
        throw new AppError(ErrorType.teamInvalidSecret, TeamMessages.invitationInvalid)
      }
      const isForCaller = invitation.email === user.email.toLowerCase() && (!userId || userId === user.id)
      if (!isForCaller)
        throw new AppError(ErrorType.teamInviteMismatch, TeamMessages.invitationForSomeoneElse)
      if (await findMembershipOfUser(db, options.teamId, user.id)) {
        throw new AppError(ErrorType.teamInviteAlreadyExists, TeamMessages.alreadyMember)
      }
      const accepted = await acceptMembership(db, {
        membershipId: invitation.id,
        secretHash: hashSecret(secret),
        userId: user.id,
      })
      if (!accepted) throw new AppError(ErrorType.teamInvalidSecret, TeamMessages.invitationInvalid)
      await slot.release()
      const membership = await membershipModel(options.teamId, invitation.id)
      await publishMembershipEvent(deps.bus, { action: 'update', membership })
      return membership
    },
  }
}

export type TTeamService = ReturnType<typeof createTeamService>
