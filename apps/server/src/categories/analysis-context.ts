import type { TTicketRow } from '@parsedesk/contracts'
import type { TQueryable } from '../db/database'
import { findTicketsFromTrustedSenders, findTicketsMarkedNotSpam } from '../spam/spam-marks'
import type { TAnalysisContext } from '../ticket-analysis/analyse-ticket'
import { workspaceModelsInUse } from '../workspace-models/workspace-models-in-use'
import { categoriesOfWorkspaces } from './category-repository'

/**
 * What the ticket analysis reads beside a batch of tickets: their workspaces' categories, the tickets a
 * member said are no spam, those from senders a member vouched for, and the workspaces' own category
 * models. Four statements for the batch (and one per model this process has not decoded yet);
 * the worker passes it to the analysis service.
 */
export function createAnalysisContextReader(db: TQueryable) {
  return async (tickets: Pick<TTicketRow, 'id' | 'teamId' | 'email'>[]): Promise<TAnalysisContext> => {
    const marked = await findTicketsMarkedNotSpam(
      db,
      tickets.map((ticket) => ticket.id),
    )
    const trusted = await findTicketsFromTrustedSenders(db, tickets)
    return {
      categories: await categoriesOfWorkspaces(
        db,
        tickets.map((ticket) => ticket.teamId),
      ),
      notSpam: new Set([...marked, ...trusted]),
      models: await workspaceModelsInUse(
        db,
        tickets.map((ticket) => ticket.teamId),
      ),
    }
  }
}
