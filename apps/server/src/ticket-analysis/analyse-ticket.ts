import {
  DEFAULT_TICKET_CATEGORIES,
  type TAnalysisHeader,
  type TTicketAnalysis,
  type TTicketCategory,
  ZAnalysisHeader,
  ZTicketAnalysis,
} from '@parsedesk/contracts'
import { z } from 'zod'
import type { TAnalyser } from '../analysis'
import { fitAnalysisToCategories } from '../analysis/categories/fit-to-workspace'
import { applyPriorityModel, applyWorkspaceModel } from '../workspace-models/apply-workspace-model'
import type { TWorkspaceClassifiers } from '../workspace-models/workspace-models-in-use'

/** What a batch's analyses depend on beyond their tickets (decision 020). */
export type TAnalysisContext = {
  /** Each workspace's categories, by workspace id; the default list for a workspace not in it. */
  categories: Map<string, readonly TTicketCategory[]>
  /** Tickets a member said are no spam since they were last marked spam: the spam rules are set aside. */
  notSpam: Set<string>
  /** The workspaces' own category and priority models, learnt from corrections, where they beat the shipped. */
  models: Map<string, TWorkspaceClassifiers>
}

export const NO_ANALYSIS_CONTEXT: TAnalysisContext = {
  categories: new Map(),
  notSpam: new Set(),
  models: new Map(),
}

/** What the analysis reads of a ticket: stored, or about to be written from its mail (decision 032). */
export type TTicketText = { id: string; teamId: string; subject: string; body: string; rawJson: unknown }

// A ticket made from mail keeps the parsed message as Postmark's inbound JSON in rawJson; its headers
// are how the analysis tells bulk mail and spam from a customer. A ticket from the form has none.
const ZMailHeaders = z.object({ Headers: z.array(ZAnalysisHeader) })

function mailHeadersOf(rawJson: unknown): TAnalysisHeader[] | undefined {
  const parsed = ZMailHeaders.safeParse(rawJson)
  return parsed.success ? parsed.data.Headers : undefined
}

/**
 * A ticket filed under its workspace's own categories (by key; an LLM is offered them), the spam rules set
 * aside when a member said so, and the category and priority the workspace's own models learnt where they
 * are in use. The one way a ticket is analysed, by the job or in the ingest batch.
 */
export async function analyseTicket(
  analyser: TAnalyser,
  ticket: TTicketText,
  context: TAnalysisContext,
): Promise<TTicketAnalysis> {
  const headers = mailHeadersOf(ticket.rawJson)
  const input = {
    subject: ticket.subject,
    body: ticket.body,
    ...(headers ? { headers } : {}),
    ...(context.notSpam.has(ticket.id) ? { notSpam: true } : {}),
  }
  const categories = context.categories.get(ticket.teamId) ?? DEFAULT_TICKET_CATEGORIES
  const analysis = ZTicketAnalysis.parse(await analyser.analyse(input, { categories }))
  const text = `${input.subject}\n${input.body}`
  const fitted = fitAnalysisToCategories({ analysis, categories, text })
  const models = context.models.get(ticket.teamId)
  const categorised = models?.category
    ? applyWorkspaceModel({ analysis: fitted, classifier: models.category, categories, text })
    : fitted
  return models?.priority
    ? applyPriorityModel({ analysis: categorised, classifier: models.priority, text })
    : categorised
}
