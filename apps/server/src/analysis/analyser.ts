import type { TAnalysisInput, TTicketAnalysis } from '@parsedesk/contracts'

/** Anything that turns a ticket into an analysis: the local model, or an LLM that falls back to it. */
export type TAnalyser = { analyse(input: TAnalysisInput): Promise<TTicketAnalysis> }
