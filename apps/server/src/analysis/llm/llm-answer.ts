import { SENTIMENTS, TICKET_PRIORITIES } from '@parsedesk/contracts'
import { z } from 'zod'

/**
 * What the LLM must answer; checked like any untrusted input before anything of it is used. The category
 * is any short text here: one that is no key of the workspace's list is not a failed answer but a ticket
 * that needs triage (`llm-analyser.ts`), so the rest of a good answer is kept.
 */
export const ZLlmAnswer = z.object({
  category: z.string().trim().min(1).max(200),
  priority: z.enum(TICKET_PRIORITIES),
  confidence: z.number().min(0).max(1),
  summary: z.string().trim().min(1).max(300),
  priorityReasons: z.array(z.string().trim().min(1).max(200)).max(5),
  sentiment: z.enum(SENTIMENTS),
  language: z.string().trim().min(1).max(40),
  nextStep: z.string().trim().min(1).max(300),
})
export type TLlmAnswer = z.infer<typeof ZLlmAnswer>

/**
 * The same shape as a JSON schema for the API's structured output (strict mode wants every field
 * required), the category one of the workspace's keys.
 */
export function createLlmAnswerJsonSchema(options: { categoryKeys: readonly string[] }) {
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
      category: {
        type: 'string',
        enum: [...options.categoryKeys],
        description: 'The key of the category the ticket belongs to.',
      },
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
