import type { TLlmOptions } from './llm-analyser'

const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Z]{2})?$/

/**
 * The LLM settings from LLM_BASE_URL, LLM_API_KEY, LLM_MODEL (and LLM_TIMEOUT_MS, LLM_ANSWER_LANGUAGE);
 * none without a base URL and model.
 */
export function readLlmOptions(options: { env: NodeJS.ProcessEnv }): TLlmOptions | undefined {
  const { env } = options
  const baseUrl = env.LLM_BASE_URL?.trim()
  const model = env.LLM_MODEL?.trim()
  if (!baseUrl || !model) return undefined
  const timeoutMs = Number(env.LLM_TIMEOUT_MS)
  const answerLanguage = env.LLM_ANSWER_LANGUAGE?.trim()
  if (answerLanguage && !LANGUAGE_CODE.test(answerLanguage)) {
    throw new Error(
      `LLM_ANSWER_LANGUAGE must be a language code such as de, fr or pt-BR (got "${answerLanguage.slice(0, 40)}")`,
    )
  }
  return {
    baseUrl,
    model,
    ...(env.LLM_API_KEY ? { apiKey: env.LLM_API_KEY } : {}),
    ...(Number.isFinite(timeoutMs) && timeoutMs > 0 ? { timeoutMs } : {}),
    ...(answerLanguage ? { answerLanguage } : {}),
  }
}
