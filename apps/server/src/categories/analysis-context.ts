import type { TQueryable } from '../db/database'
import type { TDocumentRow } from '../documents/collection'
import { findTicketsMarkedNotSpam } from '../spam/spam-marks'
import type { TAnalysisContext } from '../tickets/analyse-ticket'
import { categoriesOfWorkspaces } from './category-repository'

/**
 * What the ticket analysis reads beside a batch of tickets: their workspaces' categories and the tickets a
 * member said are no spam. Two statements for the batch; the worker passes it to the analysis service.
 */
export function createAnalysisContextReader(db: TQueryable) {
  return async (tickets: TDocumentRow[]): Promise<TAnalysisContext> => ({
    categories: await categoriesOfWorkspaces(
      db,
      tickets.map((ticket) => String(ticket.teamId)),
    ),
    notSpam: await findTicketsMarkedNotSpam(
      db,
      tickets.map((ticket) => ticket.id),
    ),
  })
}
