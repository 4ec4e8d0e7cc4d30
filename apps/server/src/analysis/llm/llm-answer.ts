import { SENTIMENTS, TICKET_PRIORITIES } from '@parsedesk/contracts'
import { z } from 'zod'

/** What the LLM must answer; checked like any untrusted input before anything of it is used. */
export function createLlmAnswerSchema(options: { categories: readonly [string, ...string[]] }) {
  return z.object({
    category: z.enum(options.categories),
    priority: z.enum(TICKET_PRIORITIES),
    confidence: z.number().min(0).max(1),
    summary: z.string().trim().min(1).max(300),
    priorityReasons: z.array(z.string().trim().min(1).max(200)).max(5),
    sentiment: z.enum(SENTIMENTS),
    language: z.string().trim().min(1).max(40),
    nextStep: z.string().trim().min(1).max(300),
  })
}
export type TLlmAnswer = z.infer<ReturnType<typeof createLlmAnswerSchema>>

/** The same shape as a JSON schema for the API's structured output (strict mode wants every field required). */
export function createLlmAnswerJsonSchema(options: { categories: readonly string[] }) {
  return {
    type: 'object',
    additionalProperties: false,
    required: [
      'category',
      'priority',
      'confidence',
      'summary',
      'priorityReasons',
      'sentiment',
      'language',
      'nextStep',
    ],
    properties: {
      category: { type: 'string', enum: [...options.categories] },
      priority: { type: 'string', enum: [...TICKET_PRIORITIES] },
      confidence: { type: 'number', description: 'How sure you are of the category, from 0 to 1.' },
      summary: { type: 'string', description: 'One plain-English sentence saying what the customer wants.' },
      priorityReasons: {
        type: 'array',
        items: { type: 'string' },
        description: 'Up to 5 short phrases, each finishing "the ticket ...", e.g. "reports an outage".',
      },
      sentiment: { type: 'string', enum: [...SENTIMENTS] },
      language: { type: 'string', description: 'The language of the ticket in English, e.g. "German".' },
      nextStep: { type: 'string', description: 'One sentence: what the agent should do first.' },
    },
  } as const
}
