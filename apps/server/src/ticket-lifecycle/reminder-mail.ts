import {
  OutboundMailKind,
  SURVEY_LANGUAGE_BY_NAME,
  SURVEY_TEXTS,
  type TSurveyLanguage,
} from '@parsedesk/contracts'
import type { TOutboundMail } from '../outbox/outbox-service'
import { escapeHtml, fillTicket } from '../satisfaction/survey-mail'

/** The language the ticket was written in when we speak it (the analysis's English name), else English. */
export function languageOfTicket(analysedLanguage: string | null): TSurveyLanguage {
  return (analysedLanguage ? SURVEY_LANGUAGE_BY_NAME[analysedLanguage] : undefined) ?? 'en'
}

/**
 * A pending ticket's reminder to its requester: it waits on them, an answer carries it on. The subject
 * carries the ticket's tag, so the answer joins the ticket. Members of the workspace read it in the outbox.
 */
export function reminderMail(input: {
  ticketId: string
  since: Date
  teamId: string
  memberId: string
  to: string
  from: string
  replyTo: string
  language: TSurveyLanguage
  ticket: { number: number; subject: string }
}): TOutboundMail {
  const texts = SURVEY_TEXTS[input.language]
  const text = fillTicket(texts.reminder, input.ticket)
  return {
    kind: OutboundMailKind.reminder,
    idempotencyKey: `reminder:${input.ticketId}:${input.since.getTime()}`,
    ownerId: input.memberId,
    readableBy: [`team:${input.teamId}`],
    to: [input.to],
    from: input.from,
    replyTo: input.replyTo,
    subject: fillTicket(texts.reminderSubject, input.ticket).slice(0, 200),
    text: `${text}\n`,
    html: `<p>${escapeHtml(text)}</p>`,
  }
}
