import { assessSentiment } from '../../apps/server/src/analysis/extract/assess-sentiment'
import { detectLanguage } from '../../apps/server/src/analysis/extract/detect-language'
import { extractTicketEntities } from '../../apps/server/src/analysis/extract/extract-entities'
import { summarise } from '../../apps/server/src/analysis/extract/summarise'
import type { TPreparedTicket } from '../../apps/server/src/analysis/local-analyser'
import type { TTextClassifier } from '../../apps/server/src/analysis/model/classifier'
import { assessPriority } from '../../apps/server/src/analysis/priority/priority-rules'
import { detectSpam } from '../../apps/server/src/analysis/spam/detect-spam'
import { cleanEmailText } from '../../apps/server/src/analysis/text/clean-email'

/** Each part of the local analysis, called with what `local-analyser.ts` gives it. */
export function analysisComponents(options: {
  classifier: TTextClassifier
}): { name: string; run: (ticket: TPreparedTicket) => unknown }[] {
  return [
    {
      name: 'spam check',
      run: (ticket) => detectSpam({ subject: ticket.subject, body: ticket.rawBody, headers: ticket.headers }),
    },
    { name: 'clean body', run: (ticket) => cleanEmailText({ text: ticket.rawBody }) },
    { name: 'category', run: (ticket) => options.classifier.classify({ text: ticket.text }) },
    {
      name: 'priority',
      run: (ticket) =>
        assessPriority({ subject: ticket.subject, body: ticket.body, language: ticket.language.code }),
    },
    {
      name: 'entities',
      run: (ticket) => extractTicketEntities({ subject: ticket.subject, body: ticket.rawBody }),
    },
    { name: 'sentiment', run: (ticket) => assessSentiment({ text: ticket.text }) },
    { name: 'language', run: (ticket) => detectLanguage({ text: ticket.text }) },
    { name: 'summary', run: (ticket) => summarise({ subject: ticket.subject, body: ticket.body }) },
  ]
}
