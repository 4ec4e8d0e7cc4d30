import type { TAnalysisInput, TTicketAnalysis } from '@parsedesk/contracts'
import { afterEach, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'
import { startJobsHarness } from './ticket-analysis.test-kit'
import { sweepTicketAnalysis } from './ticket-analysis-sweeper'

/** A stand-in that answers like the analyser, counting calls; the real one is tested through the server. */
function scriptedAnalyser(answer: (input: TAnalysisInput, call: number) => Promise<TTicketAnalysis>) {
  let calls = 0
  return {
    get calls() {
      return calls
    },
    analyse(input: TAnalysisInput) {
      calls += 1
      return answer(input, calls)
    },
  }
}

const analysisOf = (input: TAnalysisInput): TTicketAnalysis => ({
  category: 'Account',
  priority: 'high',
  analysis: `Found an outage in "${input.subject}".`,
  confidence: 0.9,
})

describe.each(DATABASE_KINDS)('analyze-ticket jobs on %s', (database) => {
  let harness: Awaited<ReturnType<typeof startJobsHarness>> | undefined
  afterEach(async () => {
    await harness?.stop()
    harness = undefined
  })

  it('marks the ticket failed with the reason once the last retry fails', async () => {
    const analyser = scriptedAnalyser(async () => {
      throw new Error('the model file is unreadable')
    })
    harness = await startJobsHarness({ database, analyser, policy: { retryLimit: 2, retryDelaySeconds: 1 } })
    const id = await harness.insertTicket({ subject: 'Refund', body: 'Where is my refund?' })
    await harness.startWorker()
    await harness.enqueue(id)

    const h = harness
    const failed = await waitForValue(
      async () => {
        const row = await h.findTicket(id)
        return row?.processing_status === 'failed' ? row : undefined
      },
      { timeoutMs: 30_000, what: 'the ticket to fail' },
    )
    expect(failed.processing_error).toBe('Analysis failed after 3 attempts: the model file is unreadable')
    expect(failed.priority).toBeNull()
    expect(failed.description).toBeNull()
    expect(analyser.calls).toBe(3)
    // Each run is visible on the bus: between runs the ticket waits for its retry.
    expect(harness.statusesOf(id)).toEqual([
      'processing',
      'waiting',
      'processing',
      'waiting',
      'processing',
      'failed',
    ])
  })

  it('stores a failure without the data that caused it, and without text Postgres cannot hold', async () => {
    // As a database error does: its message quotes the offending text, its params carry the whole mail.
    const analyser = scriptedAnalyser(async () => {
      throw Object.assign(new Error('invalid byte sequence in "a\u0000b\ud800"'), {
        params: ["the customer's whole mail"],
        query: 'insert into tickets ...',
      })
    })
    harness = await startJobsHarness({ database, analyser, policy: { retryLimit: 1, retryDelaySeconds: 1 } })
    const id = await harness.insertTicket({ subject: 'Poison', body: 'text' })
    await harness.startWorker()
    await harness.enqueue(id)

    const h = harness
    const failed = await waitForValue(
      async () => {
        const row = await h.findTicket(id)
        return row?.processing_status === 'failed' ? row : undefined
      },
      { timeoutMs: 30_000, what: 'the ticket to fail' },
    )
    expect(failed.processing_error).toBe(
      'Analysis failed after 2 attempts: invalid byte sequence in "ab\uFFFD"',
    )
    const { rows } = await h.db.query<{ output: Record<string, unknown> }>(
      'select output from pgboss.job where singleton_key = $1',
      [id],
    )
    expect(rows.length).toBeGreaterThan(0)
    for (const { output } of rows) {
      expect(JSON.stringify(output)).not.toContain('whole mail')
      expect(JSON.stringify(output)).not.toContain('insert into')
    }
  })

  it('retries a run whose worker died, and the ticket completes', async () => {
    const analyser = scriptedAnalyser(async (input) => analysisOf(input))
    harness = await startJobsHarness({
      database,
      analyser,
      policy: { expireInSeconds: 1, retryDelaySeconds: 1 },
    })
    const id = await harness.insertTicket({ subject: 'Site down', body: 'Nothing loads.' })
    await harness.enqueue(id)
    // A worker takes the job and claims the ticket, then dies: nothing will ever finish that run.
    const [lost] = await harness.queue.boss.fetch(harness.definition.id)
    expect(lost).toBeDefined()
    await harness.db.query(`update tickets set processing_status = 'processing' where id = $1`, [id])

    await harness.startWorker()
    const h = harness
    const done = await waitForValue(
      async () => {
        const row = await h.findTicket(id)
        return row?.processing_status === 'completed' ? row : undefined
      },
      { timeoutMs: 30_000, what: 'the ticket to complete' },
    )
    expect(done).toMatchObject({ priority: 'high', category: 'Account' })
    expect(done.description).toBe('Found an outage in "Site down".')
    expect(analyser.calls).toBe(1)
  })

  it("hands the analyser the headers of a mail ticket's message, and none for a ticket from the form", async () => {
    const seen: TAnalysisInput[] = []
    const analyser = scriptedAnalyser(async (input) => {
      seen.push(input)
      return analysisOf(input)
    })
    harness = await startJobsHarness({ database, analyser })
    const headers = [
      { Name: 'From', Value: 'Deals <news@shop.example>' },
      { Name: 'List-Unsubscribe', Value: '<mailto:leave@shop.example>' },
    ]
    const fromMail = await harness.insertTicket({ subject: 'Spring sale', body: '40% off everything' })
    await harness.db.query(`update tickets set "rawJson" = $1::jsonb where id = $2`, [
      JSON.stringify({ Subject: 'Spring sale', Headers: headers }),
      fromMail,
    ])
    const fromForm = await harness.insertTicket({ subject: 'A question', body: 'How do I export?' })
    await harness.startWorker()
    await harness.enqueue(fromMail)
    await harness.enqueue(fromForm)
    const h = harness
    await waitForValue(
      async () => {
        const rows = await Promise.all([h.findTicket(fromMail), h.findTicket(fromForm)])
        return rows.every((row) => row?.processing_status === 'completed') ? rows : undefined
      },
      { timeoutMs: 30_000, what: 'both tickets to complete' },
    )
    expect(seen.find((input) => input.subject === 'Spring sale')?.headers).toEqual(headers)
    expect(seen.find((input) => input.subject === 'A question')?.headers).toBeUndefined()
  })

  // Sent by hand, so with pg-boss's defaults: two retries, each due at once. A failed run's late
  // completion once marked such a retry completed (job-worker.ts writes each outcome before fetching again).
  it('leaves a job written by a newer version of its definition to a newer worker', async () => {
    const analyser = scriptedAnalyser(async (input) => analysisOf(input))
    harness = await startJobsHarness({ database, analyser, policy: { retryLimit: 0 } })
    const id = await harness.insertTicket({ subject: 'From the future', body: 'A rolling upgrade.' })
    const h = harness
    const jobId = await h.queue.boss.send(h.definition.id, {
      version: h.definition.version + 1,
      payload: { ticketId: id },
    })
    await harness.startWorker()
    const failed = await waitForValue(
      async () => {
        const job = await h.queue.boss.getJobById(h.definition.id, jobId ?? '')
        return job?.state === 'failed' ? job : undefined
      },
      { timeoutMs: 30_000, what: 'the job to be left' },
    )
    expect(JSON.stringify(failed.output)).toContain(
      `written by version ${h.definition.version + 1} of analyze-ticket`,
    )
    expect(analyser.calls).toBe(0)
  })

  it('marks the ticket failed when its last run hangs past the expiry', async () => {
    const analyser = scriptedAnalyser(() => new Promise<TTicketAnalysis>(() => undefined))
    harness = await startJobsHarness({ database, analyser, policy: { retryLimit: 0, expireInSeconds: 1 } })
    const id = await harness.insertTicket({ subject: 'Slow', body: 'This one never finishes.' })
    await harness.startWorker()
    await harness.enqueue(id)
    const h = harness
    await waitForValue(async () => (await h.findTicket(id))?.processing_status === 'processing', {
      timeoutMs: 10_000,
      what: 'the ticket to be processing',
    })
    // The handler never returns, so only the sweeper can tell the ticket its job gave up.
    const swept = await waitForValue(
      async () => {
        const result = await sweepTicketAnalysis({
          db: h.db,
          queue: h.queue,
          ticketAnalysis: h.ticketAnalysis,
          idleSeconds: 0,
        })
        return result.failed.length > 0 ? result : undefined
      },
      { timeoutMs: 15_000, what: 'the sweeper to fail the ticket' },
    )
    expect(swept.failed).toEqual([id])
    const row = await harness.findTicket(id)
    expect(row?.processing_status).toBe('failed')
    expect(row?.processing_error).toBe('Analysis failed after 1 attempt: handler execution exceeded 1000ms')
    expect(harness.statusesOf(id).at(-1)).toBe('failed')
  })

  it('enqueues a waiting ticket that never got a job, and leaves one with a live job alone', async () => {
    const analyser = scriptedAnalyser(async (input) => analysisOf(input))
    harness = await startJobsHarness({ database, analyser })
    const orphan = await harness.insertTicket({
      subject: 'Orphan',
      body: 'The process died before enqueuing.',
    })
    const queued = await harness.insertTicket({ subject: 'Queued', body: 'This one has its job.' })
    await harness.enqueue(queued)

    const sweep = () =>
      sweepTicketAnalysis({
        db: harness!.db,
        queue: harness!.queue,
        ticketAnalysis: harness!.ticketAnalysis,
        idleSeconds: 0,
      })
    expect(await sweep()).toEqual({ enqueued: [orphan], failed: [] })
    // A second sweeper (another worker process) finds the job already queued and adds nothing.
    expect(await sweep()).toEqual({ enqueued: [], failed: [] })

    await harness.startWorker()
    const h = harness
    for (const id of [orphan, queued]) {
      await waitForValue(async () => (await h.findTicket(id))?.processing_status === 'completed', {
        timeoutMs: 15_000,
        what: `ticket ${id} to complete`,
      })
    }
    expect(harness.statusesOf(orphan)).toEqual(['processing', 'completed'])
    expect(analyser.calls).toBe(2)
  })

  it('does nothing when run again on a completed ticket', async () => {
    const analyser = scriptedAnalyser(async (input) => analysisOf(input))
    harness = await startJobsHarness({ database, analyser })
    const id = await harness.insertTicket({ subject: 'Done', body: 'Analyse me once.' })
    const attempt = { number: 1, isLast: false }
    expect(await harness.ticketAnalysis.analyseTicket({ ticketId: id, attempt })).toBe('completed')
    const first = await harness.findTicket(id)

    expect(await harness.ticketAnalysis.analyseTicket({ ticketId: id, attempt })).toBe('skipped')
    expect(await harness.findTicket(id)).toEqual(first)
    expect(analyser.calls).toBe(1)
    expect(harness.statusesOf(id)).toEqual(['processing', 'completed'])
  })
})
