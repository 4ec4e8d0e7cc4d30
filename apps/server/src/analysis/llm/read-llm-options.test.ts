import { describe, expect, it } from 'vitest'
import { readLlmOptions } from './read-llm-options'

describe('readLlmOptions', () => {
  it('stays offline unless both a base URL and a model are set', () => {
    expect(readLlmOptions({ env: {} })).toBeUndefined()
    expect(readLlmOptions({ env: { LLM_BASE_URL: 'http://127.0.0.1:8080/v1' } })).toBeUndefined()
    expect(readLlmOptions({ env: { LLM_MODEL: 'm' } })).toBeUndefined()
  })

  it('reads the URL, model, key and timeout', () => {
    expect(
      readLlmOptions({
        env: {
          LLM_BASE_URL: ' http://127.0.0.1:8080/v1 ',
          LLM_MODEL: 'm',
          LLM_API_KEY: 'k',
          LLM_TIMEOUT_MS: '5000',
        },
      }),
    ).toEqual({ baseUrl: 'http://127.0.0.1:8080/v1', model: 'm', apiKey: 'k', timeoutMs: 5000 })
    expect(
      readLlmOptions({ env: { LLM_BASE_URL: 'http://x/v1', LLM_MODEL: 'm', LLM_TIMEOUT_MS: 'soon' } }),
    ).toEqual({
      baseUrl: 'http://x/v1',
      model: 'm',
    })
  })

  it("reads the team's answer language, and refuses what is not a language code", () => {
    const base = { LLM_BASE_URL: 'http://x/v1', LLM_MODEL: 'm' }
    expect(readLlmOptions({ env: { ...base, LLM_ANSWER_LANGUAGE: ' pt-BR ' } })?.answerLanguage).toBe('pt-BR')
    expect(() => readLlmOptions({ env: { ...base, LLM_ANSWER_LANGUAGE: 'Deutsch please' } })).toThrow(
      'LLM_ANSWER_LANGUAGE must be a language code such as de, fr or pt-BR (got "Deutsch please")',
    )
  })
})
