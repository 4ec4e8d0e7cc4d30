import {
  CollectionId,
  ImapAccountStatus,
  ImapLimits,
  ImapMessages,
  ZImapAccountAttributes,
  ZImapAccountCreate,
  ZImapAccountUpdate,
} from '@parsedesk/contracts'
import { AppError } from '../../core/app-error'
import { refusedHost, type TOutboundPolicy } from '../../core/outbound-address'
import { attributeColumns } from '../../documents/attribute-columns'
import type { TCollectionDefinition } from '../../documents/collection'
import type { TPermission } from '../../documents/permissions'
import {
  requireManager,
  requireUser,
  WorkspacePermissions,
  workspaceOfCall,
} from '../../teams/workspace-access'
import { ensureMailbox } from '../mailboxes/mailbox-repository'
import type { TSecretBox } from './secret-box'

export const IMAP_ACCOUNT_ATTRIBUTES = attributeColumns(ZImapAccountAttributes)

/** Changing any of these points the watcher at another server, account or folder: it reconnects. */
const CONNECTION_FIELDS = ['host', 'port', 'secure', 'username', 'password', 'folder', 'moveTo', 'enabled']

/** Where a workspace's mail comes from is its owners' and admins' to see and change (decision 010). */
function accountPermissions(teamId: string): TPermission[] {
  return WorkspacePermissions.managers(teamId, ['read', 'update', 'delete'])
}

/** A host that is refused whatever it resolves to is refused at once, with the reason, not at connect time. */
function assertPublicHost(host: unknown, policy: TOutboundPolicy): void {
  if (typeof host === 'string' && refusedHost(host, policy))
    throw AppError.invalid(ImapMessages.hostNotPublic)
}

/** A client may ask for itself or for the workspace's managers; it gets the managers either way. */
function assertGrantable(permissions: TPermission[] | undefined, userId: string, teamId: string): void {
  const allowed = new Set([`user:${userId}`, ...accountPermissions(teamId).map((p) => p.role)])
  const foreign = permissions?.find((p) => !allowed.has(p.role))
  if (foreign) {
    throw AppError.forbidden(
      `IMAP accounts belong to their workspace's owners and admins (got "${foreign.role}")`,
    )
  }
}

export type TImapAccountsCollectionOptions = {
  secretBox: TSecretBox
  inboundDomain: string
  outbound: TOutboundPolicy
}

/**
 * Existing mailboxes a workspace's owners and admins connect over IMAP. The password is sealed before it is stored
 * and never returned; status, mode and lastError are the watcher's to write, never the client's.
 */
export function createImapAccountsCollection(options: TImapAccountsCollectionOptions): TCollectionDefinition {
  const { secretBox } = options
  return {
    id: CollectionId.imapAccounts,
    table: 'imap_accounts',
    attributes: IMAP_ACCOUNT_ATTRIBUTES,
    writeOnlyAttributes: ['password'],
    createSchema: ZImapAccountCreate.strict(),
    updateSchema: ZImapAccountUpdate.strict(),
    canRead: (auth) => auth.kind === 'user',
    canCreate: (auth) => auth.kind === 'user',
    async prepareCreate({ auth, data, permissions, tx }) {
      const caller = requireUser(auth)
      const { user } = caller
      const teamId = await workspaceOfCall(tx, caller, data.teamId as string | undefined)
      requireManager(caller, teamId, ImapMessages.managersOnly)
      assertGrantable(permissions, user.id, teamId)
      assertPublicHost(data.host, options.outbound)
      const { rows } = await tx.query<{ count: number }>(
        'select count(*)::int as count from imap_accounts where "teamId" = $1',
        [teamId],
      )
      if ((rows[0]?.count ?? 0) >= ImapLimits.accountsPerWorkspace) {
        throw AppError.invalid(ImapMessages.tooManyAccounts)
      }
      const mailbox = await ensureMailbox(tx, { teamId, user, domain: options.inboundDomain })
      return {
        data: {
          ...data,
          password: secretBox.seal(String(data.password)),
          mailboxId: mailbox.id,
          userId: user.id,
          teamId,
          status: data.enabled === false ? ImapAccountStatus.disabled : ImapAccountStatus.connecting,
          mode: null,
          lastError: null,
          lastCheckedAt: null,
          fetched: 0,
        },
        permissions: accountPermissions(teamId),
      }
    },
    prepareUpdate({ auth, existing, data, permissions }) {
      const teamId = String(existing.teamId)
      if (auth.kind === 'user') assertGrantable(permissions, auth.user.id, teamId)
      assertPublicHost(data.host, options.outbound)
      const values: Record<string, unknown> = { ...data }
      if (typeof values.password === 'string' && values.password !== '') {
        values.password = secretBox.seal(values.password)
      } else {
        delete values.password
      }
      if (CONNECTION_FIELDS.some((field) => field in values)) {
        const enabled = values.enabled ?? existing.enabled
        values.status = enabled === false ? ImapAccountStatus.disabled : ImapAccountStatus.connecting
        values.lastError = null
      }
      return { data: values, permissions: permissions ? accountPermissions(teamId) : undefined }
    },
  }
}
