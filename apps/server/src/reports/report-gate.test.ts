import { REPORT_MESSAGES, ReportLimits } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { AppError } from '../core/app-error'
import { pendingWork } from '../testing/pending-work'
import { createReportGate } from './report-gate'

describe('the report gate', () => {
  it(`runs ${ReportLimits.atOncePerProcess} members' reports at once and refuses the next at once, until one ends`, async () => {
    const gate = createReportGate()
    const held = pendingWork()
    const members = Array.from({ length: ReportLimits.atOncePerProcess }, (_, index) => `member-${index}`)
    const running = members.map((member) => gate.run(member, held.work))

    const again = await gate.run('member-0', async () => 'ran').catch((error: unknown) => error)
    expect(again).toBeInstanceOf(AppError)
    expect(again).toMatchObject({ type: 'general_rate_limit_exceeded', message: REPORT_MESSAGES.busyMember })
    const next = await gate.run('another', async () => 'ran').catch((error: unknown) => error)
    expect(next).toBeInstanceOf(AppError)
    expect(next).toMatchObject({ type: 'general_rate_limit_exceeded', message: REPORT_MESSAGES.busyServer })

    held.finish()
    await Promise.all(running)
    await expect(gate.run('another', async () => 'ran')).resolves.toBe('ran')
  })

  it('gives a failed report its place back', async () => {
    const gate = createReportGate({ perMember: 1, perProcess: 1 })
    await expect(gate.run('ada', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(gate.run('grace', async () => 'ran')).resolves.toBe('ran')
  })
})
