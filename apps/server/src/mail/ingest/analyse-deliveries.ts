import type { TAnalyser } from '../../analysis'
import { categoriesOfWorkspaces } from '../../categories/category-repository'
import type { TLog } from '../../core/logger'
import type { TQueryable } from '../../db/database'
import { findTrustedSenders, trustKey } from '../../spam/trusted-senders-repository'
import { analyseTicket } from '../../ticket-analysis/analyse-ticket'
import { workspaceModelsInUse } from '../../workspace-models/workspace-models-in-use'
import { findDmarcFailure } from '../parse'
import { buildMailFields } from './build-mail-fields'
import type { TPreparedDelivery } from './prepared-delivery'

/**
 * Each mail's analysis as the ticket it may open (decision 032), with the local analyser, before and never
 * inside the deciding transaction: an answer on a conversation is analysed too, since which mail opens a
 * ticket is known only there. The mail's workspaces' categories, trusted senders and own category models
 * are read once: mail from a sender a member marked "not spam" is analysed with the spam rules set aside,
 * unless it fails DMARC (its From may be forged). A mail whose analysis fails goes on without one: its
 * ticket waits for the analysis job.
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
  const models = await workspaceModelsInUse(deps.db, teamIds).catch((error: unknown) => {
    deps.log(`reading the workspaces' category models failed: the shipped model files this batch`, error)
    return new Map()
  })
  const context = { categories, notSpam: await trustedMail(deps, deliveries), models }
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

/** The deliveries, by inbound id, whose sender the workspace trusts and whose mail does not fail DMARC. */
async function trustedMail(
  deps: { db: TQueryable; log: TLog },
  deliveries: TPreparedDelivery[],
): Promise<Set<string>> {
  const mail = deliveries.flatMap((d) => (d.kind === 'mail' ? [d] : []))
  const trusted = await findTrustedSenders(
    deps.db,
    mail.map((d) => ({ teamId: d.inbound.teamId, address: d.sender })),
  ).catch((error: unknown) => {
    deps.log(`reading the trusted senders of ${mail.length} mail(s) failed: spam rules apply to all`, error)
    return new Set<string>()
  })
  return new Set(
    mail
      .filter((d) => trusted.has(trustKey(d.inbound.teamId, d.sender)))
      .filter((d) => findDmarcFailure(d.parsed.headers) === null)
      .map((d) => d.inbound.id),
  )
}
