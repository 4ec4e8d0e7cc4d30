import {
  ExtractionStatus,
  TemplateLimits,
  TicketEventActor,
  type TSampleMail,
  type TTicketExtraction,
  type TTicketRow,
} from '@parsedesk/contracts'
import { upsertRequesters } from '../contacts/contact-repository'
import type { TLog } from '../core/logger'
import type { TQueryable, TTransaction } from '../db/database'
import { keyedHeadersForTemplates } from '../extraction/mail-for-templates'
import {
  AutomationStepOrder,
  AutomationTrigger,
  type TAutomationMail,
  type TAutomationStep,
  type TAutomationSubject,
} from '../tickets/ticket-automation'
import { changesBetween, recordTicketEvents, type TNewTicketEvent } from '../tickets/ticket-events'
import { planExtraction } from './apply-extraction'
import { createExtractionCache } from './extraction-cache'
import { type TExtractedTicketWrite, type TTemplateRow, writeExtractedTickets } from './template-repository'

/** The engine (extraction/extract-ticket.ts): the first enabled template that matches, read; never throws. */
export type TExtractTicket = (templates: readonly TTemplateRow[], mail: TSampleMail) => TTicketExtraction

const SYSTEM = { actorType: TicketEventActor.system, actorId: null } as const

/** The mail as a template reads it: its sender, subject, first headers and the start of its text. */
export function sampleOfMail(mail: TAutomationMail): TSampleMail {
  return {
    from: mail.from,
    subject: mail.subject,
    // As the preview reads them: a vendor's X-Priority is kept, however many Received headers came first.
    headers: keyedHeadersForTemplates(mail.headers),
    body: mail.body.slice(0, TemplateLimits.bodyRead),
  }
}

/** A template that threw on this mail: the ticket is made all the same, flagged failed by that template. */
function extractSafely(
  extract: TExtractTicket,
  templates: readonly TTemplateRow[],
  mail: TSampleMail,
  log: TLog,
): TTicketExtraction {
  try {
    return extract(templates, mail)
  } catch (error) {
    log('a template failed on a mail; its ticket is flagged failed', error)
    return { status: ExtractionStatus.failed, templateId: null, templateName: null, fields: [] }
  }
}

/**
 * The templates' automation step (decision 062), before the rules so they read what was extracted: for the
 * new tickets of a mail batch, their workspaces' enabled templates (kept in this process while their version
 * stands, `extraction-cache.ts`) run on each mail in memory, and every extracted ticket is written in one
 * statement, its changed workflow fields logged as the system's in one more. A batch pays one read of the
 * versions, and the templates' read only after an edit.
 */
export function createExtractionStep(deps: { extract: TExtractTicket; log: TLog }): TAutomationStep {
  const workspaces = createExtractionCache()
  async function run(tx: TTransaction, subjects: readonly TAutomationSubject[]): Promise<TTicketRow[]> {
    const mailed = subjects.filter(
      (subject): subject is TAutomationSubject & { mail: TAutomationMail } =>
        subject.trigger === AutomationTrigger.created && subject.mail?.channel === 'email',
    )
    const current = subjects.map((subject) => subject.ticket)
    if (mailed.length === 0) return current
    const byTeam = await workspaces.read(
      tx,
      mailed.map((subject) => subject.ticket.teamId),
    )
    const extracted = mailed.filter((subject) => byTeam.has(subject.ticket.teamId))
    if (extracted.length === 0) return current
    const writes: TExtractedTicketWrite[] = extracted.map(({ ticket, mail }) => {
      const workspace = byTeam.get(ticket.teamId)
      const extraction = extractSafely(deps.extract, workspace?.templates ?? [], sampleOfMail(mail), deps.log)
      const changes = planExtraction(ticket, extraction, workspace?.definitions ?? new Map())
      const { id, priority, category, email, requesterId } = ticket
      return { id, priority, category, email, requesterId, ...changes }
    })
    await assignRequesters(tx, extracted, writes)
    const written = new Map((await writeExtractedTickets(tx, writes)).map((row) => [row.id, row]))
    const events: TNewTicketEvent[] = []
    for (const { ticket } of extracted) {
      const row = written.get(ticket.id)
      if (!row) continue
      for (const change of changesBetween(ticket, row)) {
        events.push({ ticketId: row.id, teamId: row.teamId, ...SYSTEM, ...change })
      }
    }
    await recordTicketEvents(tx, events)
    return current.map((ticket) => written.get(ticket.id) ?? ticket)
  }

  return { name: 'extraction', order: AutomationStepOrder.extraction, run }
}

/** A ticket whose template read another requester's address gets that address's contact (made when new). */
async function assignRequesters(
  tx: TQueryable,
  subjects: readonly TAutomationSubject[],
  writes: TExtractedTicketWrite[],
): Promise<void> {
  const moved = writes.filter((write, index) => write.email !== subjects[index]?.ticket.email)
  if (moved.length === 0) return
  const teamOf = new Map(subjects.map(({ ticket }) => [ticket.id, ticket.teamId]))
  const contactIds = await upsertRequesters(
    tx,
    moved.map((write) => ({ teamId: teamOf.get(write.id) ?? '', email: write.email, name: '' })),
  )
  moved.forEach((write, index) => {
    write.requesterId = contactIds[index] ?? write.requesterId
  })
}
