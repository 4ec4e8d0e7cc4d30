import type { TLlmOptions } from './llm-analyser'

/** The LLM settings from LLM_BASE_URL, LLM_API_KEY, LLM_MODEL (and LLM_TIMEOUT_MS); none without a base URL and model. */
export function readLlmOptions(options: { env: NodeJS.ProcessEnv }): TLlmOptions | undefined {
  const { env } = options
  const baseUrl = env.LLM_BASE_URL?.trim()
  const model = env.LLM_MODEL?.trim()
  if (!baseUrl || !model) return undefined
  const timeoutMs = Number(env.LLM_TIMEOUT_MS)
  return {
    baseUrl,
    model,
    ...(env.LLM_API_KEY ? { apiKey: env.LLM_API_KEY } : {}),
    ...(Number.isFinite(timeoutMs) && timeoutMs > 0 ? { timeoutMs } : {}),
  }
}
