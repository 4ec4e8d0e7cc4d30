import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PRESENCE_COLLECTION_ID, PresenceState } from '@parsedesk/contracts'
import { ID, Teams } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config/config'
import { subscribeWithSdk27, useRecordingWebSocketInSdk } from '../realtime/realtime.test-kit'
import { startServer, type TRunningServer } from '../server'
import { joinByInvitation } from '../teams/team.test-kit'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { createTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'

const PRESENCE_CHANNEL = `databases.main.collections.${PRESENCE_COLLECTION_ID}.documents`

async function startHttpProcess(databaseUrl: string): Promise<TRunningServer & { stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsedesk-presence-'))
  const server = await startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
    }),
    roles: new Set(['http']),
  })
  return {
    ...server,
    async stop() {
      await server.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

describe.skipIf(!TEST_DATABASE_URL)('presence across two server processes on Postgres', () => {
  let database: { url: string; drop(): Promise<void> }
  let first: Awaited<ReturnType<typeof startHttpProcess>>
  let second: Awaited<ReturnType<typeof startHttpProcess>>
  let olive: TSdkUser
  let agnes: TSdkUser
  let eve: TSdkUser
  let teamId: string

  beforeAll(async () => {
    database = await createTestDatabase(TEST_DATABASE_URL!)
    first = await startHttpProcess(database.url)
    second = await startHttpProcess(database.url)
    useRecordingWebSocketInSdk()
    const url = first.url!
    olive = await signUpUser(url, 'Olive Owner')
    agnes = await signUpUser(url, 'Agnes Agent')
    eve = await signUpUser(url, 'Eve Outsider')
    teamId = (await new Teams(olive.client).list()).teams[0]!.$id
    await joinByInvitation({
      serverUrl: first.config.publicUrl,
      db: first.db,
      owner: olive,
      member: agnes,
      teamId,
      roles: ['agent'],
    })
  })
  afterAll(async () => {
    await first?.stop()
    await second?.stop()
    await database?.drop()
  })

  it("an agent's presence written through server 1 reaches a teammate's socket on server 2, and no outsider's", async () => {
    const ticket = await olive.databases.createDocument({
      databaseId: 'main',
      collectionId: 'tickets',
      documentId: ID.unique(),
      data: { email: 'carol@customer.example', subject: 'Two servers', body: 'Hello', teamId },
    })
    const onSecond = `${second.url}/v1`
    const teammate = await subscribeWithSdk27(olive.client.setEndpoint(onSecond), [PRESENCE_CHANNEL])
    const outsider = await subscribeWithSdk27(eve.client.setEndpoint(onSecond), [PRESENCE_CHANNEL])

    const written = await agnes.databases.createDocument({
      databaseId: 'main',
      collectionId: PRESENCE_COLLECTION_ID,
      documentId: ID.unique(),
      data: { ticketId: ticket.$id, state: PresenceState.replying },
    })
    const seen = await waitForValue(() => teammate.inbox.of(written.$id)[0], {
      what: "Agnes's presence on Olive's socket",
    })
    expect(seen.event).toBe('create')
    await agnes.databases.deleteDocument({
      databaseId: 'main',
      collectionId: PRESENCE_COLLECTION_ID,
      documentId: written.$id,
    })
    await waitForValue(() => teammate.inbox.of(written.$id).find((received) => received.event === 'delete'), {
      what: "Agnes's leaving on Olive's socket",
    })
    // Eve's socket was subscribed all along, on the same server as Olive's: it got neither event.
    expect(outsider.inbox.received).toEqual([])
    teammate.subscription.close()
    outsider.subscription.close()
  })
})
