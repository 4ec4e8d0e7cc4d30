import { CollectionId, ZMailboxAttributes, ZMailboxRegenerate } from '@parsedesk/contracts'
import { z } from 'zod'
import { AppError } from '../../core/app-error'
import { attributeColumns } from '../../documents/attribute-columns'
import type { TCollectionDefinition } from '../../documents/collection'
import { generateMailboxAddress, generateWebhookSecret } from './mailbox-address'
import { mailboxPermissions } from './mailbox-repository'

export const MAILBOX_ATTRIBUTES = attributeColumns(ZMailboxAttributes)

/**
 * Parsing mailboxes: one per account, made by the server on first need, readable by the owner only.
 * Regenerating is an update of the same document with `{ regenerate: true }`: the id stays, so links and
 * counts survive, and the old address (with its webhook secret) stops working in the same commit.
 */
export function createMailboxesCollection(options: { inboundDomain: string }): TCollectionDefinition {
  return {
    id: CollectionId.mailboxes,
    table: 'mailboxes',
    attributes: MAILBOX_ATTRIBUTES,
    createSchema: z.object({}).strict(),
    updateSchema: ZMailboxRegenerate,
    canRead: (auth) => auth.kind === 'user',
    canCreate: () => false,
    async prepareCreate() {
      throw AppError.forbidden()
    },
    prepareUpdate({ auth, existing }) {
      if (auth.kind !== 'user') throw AppError.forbidden()
      const owner = String(existing.userId)
      return {
        data: {
          address: generateMailboxAddress({
            name: auth.user.name,
            email: auth.user.email,
            domain: options.inboundDomain,
          }),
          webhookSecret: generateWebhookSecret(),
        },
        permissions: mailboxPermissions(owner),
      }
    },
  }
}
