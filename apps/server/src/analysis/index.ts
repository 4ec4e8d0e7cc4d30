import { fileURLToPath } from 'node:url'
import type { TAnalyser } from './analyser'
import { createLlmAnalyser, type TLlmOptions } from './llm/llm-analyser'
import { createLocalAnalyser, FALLBACK_CATEGORY } from './local-analyser'
import { loadClassifier } from './model/classifier'

export type { TAnalyser } from './analyser'
export type { TLlmOptions } from './llm/llm-analyser'
export { readLlmOptions } from './llm/read-llm-options'

/** The committed model for a SaaS and e-commerce support taxonomy, trained on the Bitext tickets. */
export const DEFAULT_MODEL_PATH = fileURLToPath(new URL('./model/default.model.json', import.meta.url))

export type CreateAnalyserOptions = {
  modelPath?: string
  llm?: TLlmOptions
  /** Told each time the LLM failed and the local model answered instead. */
  onLlmFallback?: (error: Error) => void
}

/**
 * Loads the model once and returns the analyser the ticket job calls: the local model, or an LLM
 * (when configured) that falls back to the local model on any failure.
 */
export async function createAnalyser(options: CreateAnalyserOptions = {}): Promise<TAnalyser> {
  const classifier = await loadClassifier({ path: options.modelPath ?? DEFAULT_MODEL_PATH })
  const local = createLocalAnalyser({ classifier })
  if (!options.llm) return local
  const categories = [...new Set([...classifier.file.displayLabels, FALLBACK_CATEGORY])] as [
    string,
    ...string[],
  ]
  return createLlmAnalyser({
    ...options.llm,
    categories,
    fallback: local,
    ...(options.onLlmFallback ? { onFallback: options.onLlmFallback } : {}),
  })
}
