import type { TAnalyser } from '../../analysis'
import { categoriesOfWorkspaces } from '../../categories/category-repository'
import type { TLog } from '../../core/logger'
import type { TQueryable } from '../../db/database'
import { analyseTicket } from '../../tickets/analyse-ticket'
import { buildMailFields } from './build-mail-fields'
import type { TPreparedDelivery } from './prepared-delivery'

/**
 * Each mail's analysis as the ticket it may open (decision 032), with the local analyser, before and never
 * inside the deciding transaction: an answer on a conversation is analysed too, since which mail opens a
 * ticket is known only there. The mail's workspaces' categories are read once; no new ticket has been
 * marked not spam. A mail whose analysis fails goes on without one: its ticket waits for the analysis job.
 */
export async function analyseDeliveries(
  deps: { db: TQueryable; analyser: TAnalyser; log: TLog },
  deliveries: TPreparedDelivery[],
): Promise<TPreparedDelivery[]> {
  const teamIds = deliveries.flatMap((d) => (d.kind === 'mail' ? [d.inbound.teamId] : []))
  if (teamIds.length === 0) return deliveries
  const categories = await categoriesOfWorkspaces(deps.db, teamIds).catch((error: unknown) => {
    deps.log(
      `reading the categories of ${teamIds.length} mail(s) failed: their analysis is left to the job`,
      error,
    )
    return undefined
  })
  if (!categories) return deliveries
  const context = { categories, notSpam: new Set<string>() }
  return Promise.all(
    deliveries.map(async (delivery) => {
      if (delivery.kind !== 'mail') return delivery
      const { inbound } = delivery
      try {
        const fields = buildMailFields(delivery.parsed, delivery.written)
        const text = { id: inbound.id, teamId: inbound.teamId, ...fields }
        return { ...delivery, analysis: await analyseTicket(deps.analyser, text, context) }
      } catch (error) {
        deps.log(`delivery ${inbound.id}: its analysis failed, the job analyses its ticket`, error)
        return delivery
      }
    }),
  )
}
