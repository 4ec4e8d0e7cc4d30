import type { TInboundStatus, TIntakeBacklog } from '@parsedesk/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../testing/free-port'
import { signUpUser, type TSdkUser } from '../../testing/sdk-client'
import { DATABASE_KINDS } from '../../testing/test-database'
import { startTestServer, type TTestServer } from '../../testing/test-server'
import { waitForValue } from '../../testing/wait-for-value'
import { createTestProcessor } from '../ingest/ingest.test-kit'
import { readMailbox, sendRaw, TEST_INBOUND_DOMAIN } from '../mail.test-kit'
import type { TIntakeBacklogState } from './intake-backlog'

let counter = 0
function mail(subject: string): string {
  return [
    'From: Cleo Customer <cleo@example.org>',
    `To: support@${TEST_INBOUND_DOMAIN}`,
    `Subject: ${subject}`,
    `Message-ID: <backlog-${Date.now()}-${++counter}@example.org>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `${subject}: please help`,
    '',
  ].join('\r\n')
}

describe.each(DATABASE_KINDS)('back-pressure while mail waits to be decided (%s)', (database) => {
  let server: TTestServer
  let metricsPort: number
  let user: TSdkUser
  let address: string
  let teamId: string
  let webhookRaw: string

  beforeAll(async () => {
    metricsPort = await freePort()
    // No worker: what SMTP stores waits undecided until the test decides it, as behind a stalled worker.
    server = await startTestServer({
      database,
      roles: ['http', 'smtp'],
      env: {
        INBOUND_DOMAIN: TEST_INBOUND_DOMAIN,
        INTAKE_MAX_WAITING_SECONDS: '1',
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: '127.0.0.1',
      },
    })
    user = await signUpUser(server.url, 'Bea Owner')
    const mailbox = await readMailbox(user)
    address = mailbox.address
    const { teams } = (await user.client.call('get', new URL(`${server.url}/v1/teams`))) as {
      teams: { $id: string }[]
    }
    teamId = teams[0]!.$id
    const info = (await user.client.call('get', new URL(`${server.url}/v1/inbound/${mailbox.$id}`))) as {
      urls: { raw: string }
    }
    webhookRaw = info.urls.raw
  })
  afterAll(async () => {
    await server?.stop()
  })

  const smtpPort = () => server.smtpPort ?? 0
  const ready = async () => {
    const response = await fetch(`${server.url}/health/ready`)
    return {
      status: response.status,
      body: (await response.json()) as { details?: { intake: TIntakeBacklogState } },
    }
  }
  const intakeBehind = async (behind: boolean) => {
    const { body } = await ready()
    return body.details?.intake.behind === behind && body.details.intake
  }
  const backlogOf = (member: TSdkUser) =>
    member.client.call(
      'get',
      new URL(`${server.url}/v1/teams/${teamId}/intake-backlog`),
    ) as Promise<TIntakeBacklog>
  const stored = async () => {
    const { rows } = await server.db.query<{ id: string; status: TInboundStatus }>(
      'select id, "status" from inbound_emails order by seq',
    )
    return rows
  }

  it('past the oldest waiting mail limit answers SMTP 451 4.3.2 and webhooks 503 with Retry-After, shows the age on /health/ready and /metrics and the count to members, and takes mail again once drained', async () => {
    const first = await sendRaw({ port: smtpPort(), to: address, raw: mail('First, before the stall') })
    expect(first).toMatchObject({ accepted: true, code: 250 })

    const behind = await waitForValue(() => intakeBehind(true), {
      what: 'the intake behind',
      timeoutMs: 10_000,
    })
    expect(behind.oldestWaitingSeconds).toBeGreaterThan(1)
    expect(behind.maxWaitingSeconds).toBe(1)
    // Behind on mail is not unready: the same process still serves the dashboard.
    expect((await ready()).status).toBe(200)

    const deferred = await sendRaw({ port: smtpPort(), to: address, raw: mail('Second, while behind') })
    expect(deferred.accepted).toBe(false)
    expect(deferred.code).toBe(451)
    expect(deferred.response).toContain('4.3.2')

    const hook = await fetch(webhookRaw, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: mail('Third, by webhook while behind'),
    })
    expect(hook.status).toBe(503)
    expect(hook.headers.get('retry-after')).toBe('60')

    // Only the first mail was stored: the senders keep the others.
    const waiting = await stored()
    expect(waiting).toEqual([{ id: expect.any(String), status: 'received' }])

    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
    const gauge = /^parsedesk_inbound_oldest_waiting_seconds (\S+)$/m.exec(metrics)
    expect(Number(gauge?.[1])).toBeGreaterThan(1)
    expect(metrics).toMatch(/parsedesk_emails_rejected_total\{channel="smtp",reason="intake-behind"\} 1/)

    expect(await backlogOf(user)).toEqual({ waiting: 1, behind: true })
    const stranger = await signUpUser(server.url, 'Stan Stranger')
    await expect(backlogOf(stranger)).rejects.toMatchObject({ code: 404 })

    // The worker catches up.
    await createTestProcessor(server).processInboundEmail({ inboundId: waiting[0]!.id, isLastAttempt: false })
    const drained = await waitForValue(() => intakeBehind(false), { what: 'the intake caught up' })
    expect(drained.oldestWaitingSeconds).toBe(0)
    expect(await backlogOf(user)).toEqual({ waiting: 0, behind: false })

    const retried = await sendRaw({ port: smtpPort(), to: address, raw: mail('Second, retried') })
    expect(retried).toMatchObject({ accepted: true, code: 250 })
    const again = await fetch(webhookRaw, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: mail('Third, retried by webhook'),
    })
    expect(again.status).toBe(200)
  })
})
