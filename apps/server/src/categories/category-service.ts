import {
  CategoryMessages,
  DEFAULT_TICKET_CATEGORIES,
  ErrorType,
  type TWorkspaceCategories,
  type ZWorkspaceCategoriesUpdate,
} from '@parsedesk/contracts'
import type { z } from 'zod'
import type { TAuth } from '../accounts/auth-context'
import { AppError } from '../core/app-error'
import type { TDatabase } from '../db/database'
import { isManager, isMember } from '../teams/workspace-access'
import type { TTicketService } from '../tickets/ticket-service'
import {
  findWorkspaceCategories,
  moveTicketsToOther,
  replaceWorkspaceCategories,
} from './category-repository'

export type TCategoryServiceDeps = { db: TDatabase; tickets: Pick<TTicketService, 'announceUpdated'> }

function memberOf(auth: TAuth, teamId: string): Extract<TAuth, { kind: 'user' }> {
  if (auth.kind !== 'user') throw AppError.unauthorizedScope()
  // Another workspace's list is not there at all for this caller.
  if (!isMember(auth, teamId)) throw new AppError(ErrorType.teamNotFound)
  return auth
}

/**
 * A workspace's ticket categories (decision 020): read by every member, replaced as a whole by its owners
 * and admins. Keys stay; names and descriptions are the workspace's; `other` and spam cannot go.
 */
export function createCategoryService(deps: TCategoryServiceDeps) {
  const { db } = deps
  return {
    async read(auth: TAuth, teamId: string): Promise<TWorkspaceCategories> {
      memberOf(auth, teamId)
      const stored = await findWorkspaceCategories(db, teamId)
      return { categories: stored ?? [...DEFAULT_TICKET_CATEGORIES], isDefault: stored === null }
    },

    /** The new list; tickets of a removed category move to "other" in the same transaction, logged. */
    async replace(
      auth: TAuth,
      teamId: string,
      { categories }: z.output<typeof ZWorkspaceCategoriesUpdate>,
    ): Promise<TWorkspaceCategories> {
      const user = memberOf(auth, teamId)
      if (!isManager(user, teamId)) throw AppError.forbidden(CategoryMessages.notManager)
      const moved = await db.transaction(async (tx) => {
        const before = await replaceWorkspaceCategories(tx, { teamId, categories, userId: user.user.id })
        const kept = new Set(categories.map((category) => category.key))
        const removedKeys = before.map((category) => category.key).filter((key) => !kept.has(key))
        return moveTicketsToOther(tx, { teamId, removedKeys, userId: user.user.id })
      })
      await deps.tickets.announceUpdated(moved)
      return { categories, isDefault: false }
    },
  }
}

export type TCategoryService = ReturnType<typeof createCategoryService>
