import { ID, Permission, Role } from 'appwrite'
import { afterAll, describe, expect, it } from 'vitest'
import { signUpUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { waitForValue } from '../testing/wait-for-value'

describe('a worker killed mid-analysis (PGlite, separate processes)', () => {
  let server: TServerProcess | undefined
  afterAll(async () => {
    await server?.stop()
  })

  it('leaves the ticket processing, and after a restart the retried run completes it', async () => {
    server = await startServerProcess({
      database: 'pglite',
      roles: 'http,worker',
      env: { PARSEDESK_TEST_ANALYSIS_DELAY_MS: '60000' },
    })

    const user = await signUpUser(server.url, 'Crash Tester')
    const tickets = { databaseId: 'main', collectionId: 'tickets' }
    const created = await user.databases.createDocument({
      ...tickets,
      documentId: ID.unique(),
      data: {
        email: user.email,
        subject: 'Our data was deleted',
        body: 'All our files are gone since the update. We need them back urgently.',
        status: 'open',
        userId: user.userId,
        processing_status: 'waiting',
      },
      permissions: [Permission.read(Role.user(user.userId))],
    })
    const read = () => user.databases.getDocument({ ...tickets, documentId: created.$id })
    await waitForValue(async () => (await read()).processing_status === 'processing', {
      timeoutMs: 20_000,
      what: 'the ticket to be processing',
    })

    await server.kill('SIGKILL')
    await server.restart({ PARSEDESK_TEST_ANALYSIS_DELAY_MS: '0' })
    // Nothing finished the killed run: the ticket still says so until the retry runs.
    const afterRestart = await read()
    expect(afterRestart.processing_status).toBe('processing')

    const done = await waitForValue(
      async () => {
        const doc = await read()
        return doc.processing_status === 'completed' ? doc : undefined
      },
      { timeoutMs: 45_000, what: 'the retried analysis to complete' },
    )
    expect(done.priority).toBe('high')
    expect(String(done.description).length).toBeGreaterThan(0)
    expect(done.processing_error).toBeNull()
  })
})
