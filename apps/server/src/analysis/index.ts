import { fileURLToPath } from 'node:url'
import { DEFAULT_TICKET_CATEGORIES, type TTicketCategory } from '@parsedesk/contracts'
import type { TAnalyser } from './analyser'
import { createLlmAnalyser, type TLlmOptions } from './llm/llm-analyser'
import { createLocalAnalyser } from './local-analyser'
import { loadClassifier } from './model/classifier'
import { detectSpam } from './spam/detect-spam'

export type { TAnalyser } from './analyser'
export type { TLlmOptions } from './llm/llm-analyser'
export { readLlmOptions } from './llm/read-llm-options'

/** The committed model for the default helpdesk taxonomy (`DEFAULT_TICKET_CATEGORIES`). */
export const DEFAULT_MODEL_PATH = fileURLToPath(new URL('./model/default.model.json', import.meta.url))

export type CreateAnalyserOptions = {
  modelPath?: string
  /**
   * The categories the local model files under, by key, and the LLM's for a ticket that comes without its
   * workspace's (`analyse`'s options); the default taxonomy unless given.
   */
  categories?: readonly TTicketCategory[]
  llm?: TLlmOptions
  /** Told each time the LLM failed and the local model answered instead. */
  onLlmFallback?: (error: Error) => void
}

/**
 * Loads the model once and returns the analyser the ticket job calls: the local model, or an LLM
 * (when configured) that falls back to the local model on any failure. Spam and bulk mail never reach
 * the LLM: the local rules answer for them, so no such mail is sent to a third party.
 */
export async function createAnalyser(options: CreateAnalyserOptions = {}): Promise<TAnalyser> {
  const classifier = await loadClassifier({ path: options.modelPath ?? DEFAULT_MODEL_PATH })
  const categories = options.categories ?? DEFAULT_TICKET_CATEGORIES
  const local = createLocalAnalyser({ classifier, categories })
  if (!options.llm) return local
  const llm = createLlmAnalyser({
    ...options.llm,
    categories,
    fallback: local,
    ...(options.onLlmFallback ? { onFallback: options.onLlmFallback } : {}),
  })
  return {
    analyse: async (input, analyseOptions) =>
      !input.notSpam && detectSpam(input) ? local.analyse(input) : llm.analyse(input, analyseOptions),
  }
}
