import { OutboundMailKind, SURVEY_TEXTS, type TSurveyLanguage } from '@parsedesk/contracts'
import type { TOutboundMail } from '../outbox/outbox-service'

export type TSurveyMailInput = {
  surveyId: string
  /** The member credited, whom the mail is counted under. */
  agentId: string
  to: string
  /** The From replies use (decision 047). */
  from: string
  replyTo: string
  language: TSurveyLanguage
  ticketNumber: number
  ticketSubject: string
  link: string
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim()

/** `{number}` and `{subject}` of a text filled with the ticket's. */
export function fillTicket(text: string, ticket: { number: number; subject: string }): string {
  return text.replaceAll('{number}', String(ticket.number)).replaceAll('{subject}', oneLine(ticket.subject))
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * The survey's one mail: the question and two links, good and bad, each opening the rating page with that
 * answer chosen (the page's form sends it: a link opened by a mail scanner rates nothing).
 */
export function surveyMail(input: TSurveyMailInput): TOutboundMail {
  const texts = SURVEY_TEXTS[input.language]
  const ticket = { number: input.ticketNumber, subject: input.ticketSubject.slice(0, 200) }
  const good = `${input.link}?rating=good`
  const bad = `${input.link}?rating=bad`
  const intro = fillTicket(texts.intro, ticket)
  return {
    kind: OutboundMailKind.survey,
    idempotencyKey: `survey:${input.surveyId}`,
    ownerId: input.agentId,
    // Its link rates the ticket: nobody reads it in the outbox, or a member could rate their own help.
    readableBy: [],
    to: [input.to],
    from: input.from,
    replyTo: input.replyTo,
    subject: oneLine(fillTicket(texts.subject, ticket)).slice(0, 200),
    text: `${intro}\n\n${texts.good}: ${good}\n${texts.bad}: ${bad}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(good)}">${escapeHtml(texts.good)}</a></p>` +
      `<p><a href="${escapeHtml(bad)}">${escapeHtml(texts.bad)}</a></p>`,
  }
}
