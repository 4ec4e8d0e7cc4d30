import type { TAnalysisInput, TTicketAnalysis, TTicketCategory } from '@parsedesk/contracts'

export type TAnalyseOptions = {
  /**
   * The ticket's workspace's categories. An LLM is offered these and answers one of their keys; the local
   * model knows the default keys only, and its verdict is fitted to the list afterwards (decision 020).
   */
  categories?: readonly TTicketCategory[]
}

/** Anything that turns a ticket into an analysis: the local model, or an LLM that falls back to it. */
export type TAnalyser = {
  analyse(input: TAnalysisInput, options?: TAnalyseOptions): Promise<TTicketAnalysis>
}
