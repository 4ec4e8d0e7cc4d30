import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Query } from 'appwrite'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../testing/free-port'
import { signUpUser } from '../testing/sdk-client'
import { readMailbox, sendRaw, TEST_INBOUND_DOMAIN, type TInboundDocument, waitFor } from './mail-test-kit'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts')

const MESSAGES = Number(process.env.CRASH_MESSAGES ?? 2000)
const CLIENTS = 8
/** Kills while the burst is acknowledged, at random counts of acknowledgements; one more while the backlog is worked. */
const KILLS_DURING_BURST = 4
const BACKLOG_KILL_AFTER_MS = { min: 1_000, max: 5_000 }

type TServerProcess = { child: ChildProcess; output: () => string }

/** `node --import tsx` rather than `npx tsx`: tsx's CLI runs the program in a grandchild a SIGKILL would orphan. */
async function startServerProcess(env: Record<string, string>): Promise<TServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--role=http,smtp,worker'], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', SMTP_HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output = (output + String(chunk)).slice(-20_000)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`)
      return output.includes('listening')
    },
    { timeoutMs: 60_000, what: 'the server to listen' },
  )
  return { child, output: () => output }
}

async function stopServerProcess(server: TServerProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return
  const exited = once(server.child, 'exit')
  server.child.kill(signal)
  await exited
}

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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-mail-crash-'))
  let server: TServerProcess | undefined
  afterAll(async () => {
    await stopServerProcess(server, 'SIGTERM')
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('makes exactly one ticket or thread message of every message that got a 250', async () => {
    const [port, smtpPort] = [await freePort(), await freePort()]
    const url = `http://127.0.0.1:${port}`
    const env = {
      PORT: String(port),
      PUBLIC_URL: url,
      SMTP_PORT: String(smtpPort),
      DATA_DIR: dataDir,
      INBOUND_DOMAIN: TEST_INBOUND_DOMAIN,
    }
    server = await startServerProcess(env)
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
      await stopServerProcess(server, 'SIGKILL')
      server = await startServerProcess(env)
    }
    const killPoints = Array.from({ length: KILLS_DURING_BURST }, () =>
      Math.floor(Math.random() * MESSAGES * 0.95),
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
        BACKLOG_KILL_AFTER_MS.min + Math.random() * (BACKLOG_KILL_AFTER_MS.max - BACKLOG_KILL_AFTER_MS.min),
      ),
    )
    await restart()

    const inbound = await waitFor(
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
