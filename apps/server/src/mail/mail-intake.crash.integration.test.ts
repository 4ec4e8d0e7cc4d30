import { Query } from 'appwrite'
import { afterAll, describe, expect, it } from 'vitest'
import { createRandom } from '../analysis/model/random'
import { signUpUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { waitForValue } from '../testing/wait-for-value'
import { readMailbox, sendRaw, TEST_INBOUND_DOMAIN, type TInboundDocument } from './mail.test-kit'

// Five hundred messages from eight clients still leave each of the five kills dozens of deliveries in flight
// to lose, in half the CPU a thousand took (the longest single test of the suite, which must stay under ten
// minutes on two cores); CRASH_MESSAGES raises it for a longer soak.
const MESSAGES = Number(process.env.CRASH_MESSAGES ?? 500)
const CLIENTS = 8
/** Kills while the burst is acknowledged, at counts of acknowledgements drawn from the seed; one more while the backlog is worked. */
const KILLS_DURING_BURST = 4
const BACKLOG_KILL_AFTER_MS = { min: 1_000, max: 5_000 }
/** CRASH_SEED=<n> repeats a run's kill points; each run prints its seed. */
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31))

function burstMessage(index: number, runId: string): string {
  // Every tenth message answers an earlier one, so thread matching is killed mid-way too.
  const answers = index % 10 === 9 ? [`In-Reply-To: <burst-${index - 5}-${runId}@customer.example>`] : []
  return [
    `From: Customer ${index} <customer${index}@customer.example>`,
    `To: support@${TEST_INBOUND_DOMAIN}`,
    `Subject: Burst message ${index}`,
    `Message-ID: <burst-${index}-${runId}@customer.example>`,
    ...answers,
    'Date: Sat, 21 Nov 2026 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Body of burst message ${index}.`,
    '',
  ].join('\r\n')
}

describe('an SMTP burst with the server killed at random (PGlite, separate processes)', () => {
  let server: TServerProcess | undefined
  afterAll(async () => {
    await server?.stop()
  })

  it('makes exactly one ticket or thread message of every message that got a 250', async () => {
    console.log(`burst: seed ${SEED} (CRASH_SEED=${SEED} repeats these kill points)`)
    const random = createRandom({ seed: SEED })
    server = await startServerProcess({ database: 'pglite', env: { INBOUND_DOMAIN: TEST_INBOUND_DOMAIN } })
    const { smtpPort, url } = server
    const user = await signUpUser(url, 'Crash Tester')
    const { address } = await readMailbox(user)
    const runId = Date.now().toString(36)

    const acknowledged = new Set<number>()
    let attempts = 0
    let next = 0
    const client = async () => {
      for (let index = next++; index < MESSAGES; index = next++) {
        for (;;) {
          attempts += 1
          const result = await sendRaw({ port: smtpPort, to: address, raw: burstMessage(index, runId) })
          if (result.accepted) break
          // Refused, reset or 451 while the server is down or dying: a real MTA tries again later.
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
        acknowledged.add(index)
      }
    }
    const restart = async () => {
      await server?.kill('SIGKILL')
      await server?.restart()
    }
    const killPoints = Array.from({ length: KILLS_DURING_BURST }, () =>
      Math.floor(random() * MESSAGES * 0.95),
    )
    const killDuringBurst = async () => {
      const kills: number[] = []
      for (const point of killPoints.sort((a, b) => a - b)) {
        while (acknowledged.size < point) await new Promise((resolve) => setTimeout(resolve, 20))
        kills.push(acknowledged.size)
        await restart()
      }
      return kills
    }
    const started = Date.now()
    const [kills] = await Promise.all([killDuringBurst(), ...Array.from({ length: CLIENTS }, client)])
    const sendingSeconds = (Date.now() - started) / 1000
    console.log(
      `burst: ${MESSAGES} messages acknowledged in ${sendingSeconds.toFixed(0)} s after ${attempts} SMTP attempts; SIGKILL after ${kills.join(', ')} acknowledgements and once more while the backlog was worked`,
    )
    expect(kills).toHaveLength(KILLS_DURING_BURST)
    expect(acknowledged.size).toBe(MESSAGES)
    await new Promise((resolve) =>
      setTimeout(
        resolve,
        BACKLOG_KILL_AFTER_MS.min + random() * (BACKLOG_KILL_AFTER_MS.max - BACKLOG_KILL_AFTER_MS.min),
      ),
    )
    await restart()

    const inbound = await waitForValue(
      async () => {
        const list = await user.databases.listDocuments<TInboundDocument>({
          databaseId: 'main',
          collectionId: 'inbound',
          queries: [Query.limit(5000)],
        })
        return list.documents.every((d) => d.status !== 'received') ? list.documents : undefined
      },
      { timeoutMs: 240_000, what: 'every delivery to be decided' },
    )
    console.log(
      `burst: every delivery decided ${((Date.now() - started) / 1000).toFixed(0)} s after the first send`,
    )
    const decided = inbound.filter((d) => d.status === 'ticket' || d.status === 'thread-message')
    expect(decided).toHaveLength(MESSAGES)
    expect(inbound.filter((d) => d.status !== 'duplicate')).toHaveLength(MESSAGES)

    const [tickets, messages] = await Promise.all(
      ['tickets', 'messages'].map((collectionId) =>
        user.databases.listDocuments({
          databaseId: 'main',
          collectionId,
          queries: [Query.limit(5000), Query.select(['subject'])],
        }),
      ),
    )
    const seen = new Map<string, number>()
    for (const doc of [...(tickets?.documents ?? []), ...(messages?.documents ?? [])]) {
      seen.set(String(doc.subject), (seen.get(String(doc.subject)) ?? 0) + 1)
    }
    const wrong = [...acknowledged]
      .map((index) => [index, seen.get(`Burst message ${index}`) ?? 0] as const)
      .filter(([, count]) => count !== 1)
    expect(wrong).toEqual([])
    expect((tickets?.total ?? 0) + (messages?.total ?? 0)).toBe(MESSAGES)
  }, 480_000)
})
