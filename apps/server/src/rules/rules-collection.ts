import {
  CollectionId,
  GroupMessages,
  RuleLimits,
  RuleMessages,
  type TRuleAction,
  type TRuleActionType,
  ZRuleAttributes,
  ZRuleCreate,
  ZRuleUpdate,
} from '@parsedesk/contracts'
import { AppError } from '../core/app-error'
import { allowedHost, refusedHost, type TOutboundPolicy } from '../core/outbound-address'
import type { TDatabase, TQueryable } from '../db/database'
import type { TCollectionDefinition } from '../documents/collection'
import { assertGroupOfWorkspace } from '../groups/group-repository'
import type { TEventBus } from '../realtime/event-bus'
import { assertConfirmedMembers } from '../teams/workspace-access'
import { defineWorkspaceCollection } from '../teams/workspace-collection'

/** Actions this server cannot carry out: refused at save rather than kept and silently skipped. */
function unavailableActions(routing: boolean): ReadonlySet<TRuleActionType> {
  return new Set<TRuleActionType>(routing ? [] : ['route'])
}

/**
 * A webhook's address as the IMAP hosts' are checked (decision 065): https, or http to a host the operator
 * allows; never an address off the public internet unless allowed. A name is checked again, resolved, at
 * every call.
 */
function assertWebhookUrl(url: string, index: number, policy: TOutboundPolicy): void {
  const { protocol, hostname } = new URL(url)
  const host = hostname.replace(/^\[|\]$/g, '')
  if (refusedHost(host, policy))
    throw AppError.invalidStructure(`Attribute "actions[${index}].url": ${RuleMessages.webhookHost}`)
  if (protocol !== 'https:' && !allowedHost(host, policy))
    throw AppError.invalidStructure(`Attribute "actions[${index}].url": ${RuleMessages.webhookHttps}`)
}

/**
 * A workspace's automation rules (decision 051): owners and admins write them, every member reads them.
 * A group or assignee a rule sets must be the workspace's, checked in the write's transaction.
 */
export function createRulesCollection(deps: {
  db: TDatabase
  bus: TEventBus
  /** Whether routing is composed in: without it, a "route" action is refused. */
  routing: boolean
  /** Where webhooks may go (OUTBOUND_ALLOWED_HOSTS). */
  outbound: TOutboundPolicy
}): TCollectionDefinition {
  const unavailable = unavailableActions(deps.routing)
  return defineWorkspaceCollection(
    {
      id: CollectionId.rules,
      table: 'rules',
      attributes: ZRuleAttributes,
      createSchema: ZRuleCreate,
      updateSchema: ZRuleUpdate,
      grants: { members: ['read'], managers: ['update', 'delete'] },
      writers: { managersOnly: RuleMessages.managersOnly },
      plural: 'Rules',
      limit: { perWorkspace: RuleLimits.rulesPerWorkspace, message: RuleMessages.tooManyRules },
      taken: RuleMessages.nameTaken,
      async check(tx, teamId, { actions }) {
        for (const [index, action] of (actions ?? []).entries()) {
          if (action.type === 'webhook') assertWebhookUrl(action.url, index, deps.outbound)
          await checkAction(tx, teamId, action, index, unavailable)
        }
      },
    },
    deps,
  )
}

async function checkAction(
  tx: TQueryable,
  teamId: string,
  action: TRuleAction,
  index: number,
  unavailable: ReadonlySet<TRuleActionType>,
): Promise<void> {
  if (unavailable.has(action.type)) {
    throw AppError.invalid(`${RuleMessages.actionUnavailable} ("${action.type}", action ${index + 1})`)
  }
  if (action.type === 'set-group' && action.groupId) {
    await assertGroupOfWorkspace(tx, teamId, action.groupId).catch(() => {
      throw AppError.invalidStructure(
        `Attribute "actions[${index}].groupId" ${GroupMessages.groupNotInWorkspace}`,
      )
    })
  }
  if (action.type === 'set-assignee' && action.assigneeId) {
    await assertConfirmedMembers(tx, {
      teamId,
      userIds: [action.assigneeId],
      attribute: `actions[${index}].assigneeId`,
      message: RuleMessages.assigneeNotMember,
    })
  }
}
