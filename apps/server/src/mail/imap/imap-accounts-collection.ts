import {
  CollectionId,
  ImapAccountStatus,
  ImapLimits,
  ImapMessages,
  ZImapAccountAttributes,
  ZImapAccountCreate,
  ZImapAccountUpdate,
} from '@parsedesk/contracts'
import type { TAuth } from '../../accounts/auth-context'
import { AppError } from '../../core/app-error'
import { refusedHost, type TOutboundPolicy } from '../../core/outbound-address'
import { attributeColumns } from '../../documents/attribute-columns'
import type { TCollectionDefinition } from '../../documents/collection'
import type { TPermission } from '../../documents/permissions'
import { ensureMailbox } from '../mailboxes/mailbox-repository'
import type { TSecretBox } from './secret-box'

export const IMAP_ACCOUNT_ATTRIBUTES = attributeColumns(ZImapAccountAttributes)

/** Changing any of these points the watcher at another server, account or folder: it reconnects. */
const CONNECTION_FIELDS = ['host', 'port', 'secure', 'username', 'password', 'folder', 'moveTo', 'enabled']

function ownerPermissions(userId: string): TPermission[] {
  const role = `user:${userId}`
  return (['read', 'update', 'delete'] as const).map((action) => ({ action, role }))
}

function requireUser(auth: TAuth) {
  if (auth.kind !== 'user') throw AppError.forbidden()
  return auth.user
}

/** A host that is refused whatever it resolves to is refused at once, with the reason, not at connect time. */
function assertPublicHost(host: unknown, policy: TOutboundPolicy): void {
  if (typeof host === 'string' && refusedHost(host, policy))
    throw AppError.invalid(ImapMessages.hostNotPublic)
}

function assertOwnerOnly(permissions: TPermission[] | undefined, userId: string): void {
  const foreign = permissions?.find((p) => p.role !== `user:${userId}`)
  if (foreign) {
    throw AppError.forbidden(`IMAP accounts belong to their owner alone (got "${foreign.role}")`)
  }
}

export type TImapAccountsCollectionOptions = {
  secretBox: TSecretBox
  inboundDomain: string
  outbound: TOutboundPolicy
}

/**
 * Existing mailboxes a user connects over IMAP, owner-only. The password is sealed before it is stored
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
      const user = requireUser(auth)
      assertOwnerOnly(permissions, user.id)
      assertPublicHost(data.host, options.outbound)
      const { rows } = await tx.query<{ count: number }>(
        'select count(*)::int as count from imap_accounts where "userId" = $1',
        [user.id],
      )
      if ((rows[0]?.count ?? 0) >= ImapLimits.accountsPerUser) {
        throw AppError.invalid(ImapMessages.tooManyAccounts)
      }
      const mailbox = await ensureMailbox(tx, { user, domain: options.inboundDomain })
      return {
        data: {
          ...data,
          password: secretBox.seal(String(data.password)),
          mailboxId: mailbox.id,
          userId: user.id,
          status: data.enabled === false ? ImapAccountStatus.disabled : ImapAccountStatus.connecting,
          mode: null,
          lastError: null,
          lastCheckedAt: null,
          fetched: 0,
        },
        permissions: ownerPermissions(user.id),
      }
    },
    prepareUpdate({ existing, data, permissions }) {
      const owner = String(existing.userId)
      assertOwnerOnly(permissions, owner)
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
      return { data: values, permissions: permissions ? ownerPermissions(owner) : undefined }
    },
  }
}
