import { ProcessingStatus, TicketStatus, type TTicketAnalysis, uniqueId } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAnalyser } from '../analysis'
import type { TDatabase } from '../db/database'
import { findDocument, insertDocument } from '../documents/document-repository'
import { insertTeam } from '../teams/team-repository'
import { DATABASE_KINDS, openTestDatabase } from '../testing/test-database'
import { claimTicketsForAnalysis, storeTicketAnalyses } from '../tickets/ticket-analysis-repository'
import { createTicketsCollection, ticketPermissions } from '../tickets/tickets-collection'

const TEAM = 'team-1'
const tickets = createTicketsCollection({})

describe.each(DATABASE_KINDS)('an analysis too heavy to store, on %s', (database) => {
  let db: TDatabase
  let close: () => Promise<void>

  beforeAll(async () => {
    ;({ db, close } = await openTestDatabase(database))
    await insertTeam(db, { id: TEAM, name: 'Support' })
  })
  afterAll(() => close?.())

  async function insertTicket(subject: string): Promise<string> {
    const id = uniqueId()
    await insertDocument(db, tickets, {
      id,
      data: {
        email: 'customer@example.com',
        subject,
        body: 'My parcel for order 552211 has not arrived yet.',
        status: TicketStatus.open,
        priority: null,
        userId: 'user-1',
        teamId: TEAM,
        processing_status: ProcessingStatus.waiting,
      },
      permissions: ticketPermissions(TEAM),
    })
    return id
  }

  it('is left out of the field while its lines and the rest of its batch are stored', async () => {
    const analysis = await (await createAnalyser()).analyse({
      subject: 'Where is my parcel?',
      body: 'My parcel for order 552211 has not arrived yet.',
    })
    // An analyser that skipped the schema's limits: a summary of 1.1 MB, over what the column allows.
    const heavy: TTicketAnalysis = {
      ...analysis,
      details: { ...analysis.details!, summary: 'x'.repeat(1_100_000) },
    }
    const light = await insertTicket('Where is my parcel?')
    const overweight = await insertTicket('Where is my parcel, again?')
    await claimTicketsForAnalysis(db, [light, overweight])

    const stored = await storeTicketAnalyses(db, [
      { ticketId: light, analysis },
      { ticketId: overweight, analysis: heavy },
    ])

    expect(stored.map((row) => row.processing_status)).toEqual(['completed', 'completed'])
    const [lightRow, heavyRow] = await Promise.all(
      [light, overweight].map((id) => findDocument(db, tickets, id)),
    )
    expect(lightRow?.analysis).toMatchObject({ summary: analysis.details!.summary })
    expect(heavyRow?.analysis).toBeNull()
    expect(heavyRow?.description).toBe(heavy.analysis)
  })
})
