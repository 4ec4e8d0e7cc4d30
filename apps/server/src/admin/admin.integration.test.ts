import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PasswordMessages } from '@parsedesk/contracts'
import { Account, Databases, type Models, Query } from 'appwrite'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPgliteDatabase } from '../db/pglite-database'
import { readMailbox, sendRaw, TEST_INBOUND_DOMAIN, type TInboundDocument } from '../mail/mail.test-kit'
import { rejection, sdkClient, type TSdkUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { createTestDatabase, DATABASE_KINDS, TEST_DATABASE_URL } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts')
const PASSWORD = 'violet tractor morning'
const NEW_PASSWORD = 'seven quiet lanterns'

type TRun = { code: number | null; stdout: string; stderr: string }

/** `main.js admin ...` as an operator runs it beside the server: a process of its own, stdin piped. */
function admin(
  options: { dataDir: string; databaseUrl?: string },
  args: string[],
  stdin = '',
): Promise<TRun> {
  const { NODE_ENV: _testMode, ...inherited } = process.env
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'admin', ...args], {
    env: {
      ...inherited,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += String(chunk)
  })
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk)
  })
  child.stdin.end(stdin)
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}

/**
 * The same on a terminal (util-linux's `script` gives it one): the password is typed once the prompt shows,
 * as a person would type it. What the terminal showed comes back.
 */
function adminOnTerminal(options: { dataDir: string; databaseUrl?: string }, args: string[], typed: string) {
  const { NODE_ENV: _testMode, ...inherited } = process.env
  const command = [process.execPath, '--import', 'tsx', MAIN, 'admin', ...args].join(' ')
  const child = spawn('script', ['--quiet', '--return', '--command', command, '/dev/null'], {
    env: {
      ...inherited,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let shown = ''
  child.stdout.on('data', (chunk) => {
    shown += String(chunk)
    if (shown.includes('Password: ') && child.stdin.writable) child.stdin.end(`${typed}\r`)
  })
  return new Promise<{ code: number | null; shown: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, shown })),
  )
}

async function signIn(serverUrl: string, email: string, password: string): Promise<TSdkUser> {
  const client = sdkClient(serverUrl)
  const account = new Account(client)
  const session = await account.createEmailPasswordSession({ email, password })
  client.setSession(session.secret)
  return { client, account, databases: new Databases(client), email, password, userId: session.userId }
}

type TTicket = Models.Document & { processing_status: string; subject: string }
type TDecided = TInboundDocument & { processedAt: string | null }

function mail(subject: string, headers = ''): string {
  return `From: Customer <customer@example.org>\r\nTo: support@example.com\r\nSubject: ${subject}\r\nMessage-ID: <${subject.replace(/\W/g, '')}-${Date.now()}@example.org>\r\n${headers}\r\nMy invoice 4412 was charged twice, please refund one.\r\n`
}

describe.each(DATABASE_KINDS)('npm run admin (%s)', (kind) => {
  let server: TServerProcess
  let database: { url: string; drop(): Promise<void> } | undefined
  let target: { dataDir: string; databaseUrl?: string }
  let owner: TSdkUser
  let address: string
  const email = `ada-${kind}@example.com`

  const analysedCount = async (ticketId: string) => {
    const events = await owner.databases.listDocuments({
      databaseId: 'main',
      collectionId: 'ticket_events',
      queries: [Query.equal('ticketId', ticketId), Query.equal('type', 'analysed'), Query.limit(100)],
    })
    return events.total
  }
  const waitForAnalysed = (ticketId: string, count: number) =>
    waitForValue(async () => (await analysedCount(ticketId)) >= count, {
      what: `analysis number ${count} of ${ticketId}`,
      timeoutMs: 30_000,
    })
  const inbound = async () =>
    (
      await owner.databases.listDocuments<TDecided>({
        databaseId: 'main',
        collectionId: 'inbound',
        queries: [Query.orderAsc('$sequence')],
      })
    ).documents

  beforeAll(async () => {
    database =
      kind === 'postgres' && TEST_DATABASE_URL ? await createTestDatabase(TEST_DATABASE_URL) : undefined
    server = await startServerProcess({
      database: kind,
      databaseUrl: database?.url,
      env: { INBOUND_DOMAIN: TEST_INBOUND_DOMAIN },
    })
    target = { dataDir: server.dataDir, databaseUrl: database?.url }
  }, 90_000)
  afterAll(async () => {
    await server?.stop()
    await database?.drop()
  })

  it('creates an account with the password read from stdin, never shown, which signs in and owns a workspace', async () => {
    const run = await admin(target, ['create-user', '--email', email, '--name', 'Ada Admin'], `${PASSWORD}\n`)
    expect(run).toMatchObject({ code: 0 })
    expect(run.stdout).toContain(`created ${email}`)
    expect(run.stdout + run.stderr).not.toContain(PASSWORD)
    owner = await signIn(server.url, email, PASSWORD)
    ;({ address } = await readMailbox(owner))

    const again = await admin(target, ['create-user', '--email', email], `${PASSWORD}\n`)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain(`an account with ${email} exists`)

    const workspaces = await admin(target, ['workspaces'])
    expect(workspaces.code).toBe(0)
    const row = workspaces.stdout.split('\n').find((line) => line.includes("Ada Admin's workspace"))
    // workspace id, 1 confirmed member, 0 invited, 0 tickets, created today.
    expect(row).toMatch(
      new RegExp(
        `^\\S+\\s+1\\s+0\\s+0\\s+${new Date().toISOString().slice(0, 10)}\\s+Ada Admin's workspace$`,
      ),
    )
  })

  it('refuses a common password and wrong usage with exit 2 and the usage', async () => {
    const common = await admin(target, [
      'create-user',
      '--email',
      'bob@example.com',
      '--password',
      'password123',
    ])
    expect(common.code).toBe(1)
    expect(common.stderr).toContain(PasswordMessages.common)
    // Each wrong command line is its own case in admin-command.test.ts; here, what the process does with one.
    for (const args of [[], ['reanalyse', '--ticket', 'abc', '--from', '2026-11-20']]) {
      const run = await admin(target, args)
      expect({ args, code: run.code }).toEqual({ args, code: 2 })
      expect(run.stderr).toContain('Usage: main.js admin <command>')
    }
  })

  it('resets a password typed on a terminal without echo: the old one no longer signs in, every session ends', async () => {
    const run = await adminOnTerminal(target, ['reset-password', '--email', email], NEW_PASSWORD)
    expect(run).toMatchObject({ code: 0 })
    expect(run.shown).toContain(`set a new password for ${email}`)
    // Typed without echo: the terminal never showed it.
    expect(run.shown).not.toContain(NEW_PASSWORD)
    expect((await rejection(owner.account.get())).code).toBe(401)
    expect((await rejection(signIn(server.url, email, PASSWORD))).code).toBe(401)
    owner = await signIn(server.url, email, NEW_PASSWORD)
    const unknown = await admin(target, ['reset-password', '--email', 'nobody@example.com'], NEW_PASSWORD)
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('no account with nobody@example.com')
  })

  it('analyses a ticket again, and every ticket of a date range, through the analysis job', async () => {
    expect((await sendRaw({ port: server.smtpPort, to: address, raw: mail('Charged twice') })).accepted).toBe(
      true,
    )
    const ticket = await waitForValue(
      async () => {
        const list = await owner.databases.listDocuments<TTicket>({
          databaseId: 'main',
          collectionId: 'tickets',
        })
        return list.documents.find((doc) => doc.processing_status === 'completed')
      },
      { what: 'the analysed ticket', timeoutMs: 30_000 },
    )
    await waitForAnalysed(ticket.$id, 1)

    const one = await admin(target, ['reanalyse', '--ticket', ticket.$id])
    expect(one).toMatchObject({ code: 0 })
    expect(one.stdout).toContain(`ticket ${ticket.$id} is waiting for analysis`)
    await waitForAnalysed(ticket.$id, 2)

    const hourAgo = new Date(Date.now() - 3_600_000).toISOString()
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString()
    const range = await admin(target, ['reanalyse', '--from', hourAgo, '--to', inAnHour])
    expect(range).toMatchObject({ code: 0 })
    expect(range.stdout).toContain('1 ticket(s) created from')
    await waitForAnalysed(ticket.$id, 3)
    const empty = await admin(target, ['reanalyse', '--from', '2020-01-01', '--to', '2020-02-01'])
    expect(empty.stdout).toContain('no tickets created from 2020-01-01T00:00:00.000Z')

    const missing = await admin(target, ['reanalyse', '--ticket', 'no-such-ticket'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('no ticket no-such-ticket')
  })

  it('lists every queue with what waits, runs and failed', async () => {
    // Once the last analysis's job is marked done (just after its ticket is): nothing waits, so no age.
    const run = await waitForValue(
      async () => {
        const queues = await admin(target, ['queues'])
        return /^analyze-ticket\s+0\s+0\s+0\s+-$/m.test(queues.stdout) && queues
      },
      { what: 'the analysis queue empty', timeoutMs: 30_000 },
    )
    expect(run.code).toBe(0)
    const [heading, ...rows] = run.stdout.trim().split('\n')
    expect(heading).toMatch(/^queue\s+waiting\s+active\s+failed\s+oldest waiting\s+timetable$/)
    expect(rows.map((row) => row.split(/\s+/)[0]).sort()).toEqual([
      'analyze-ticket',
      'ingest-inbound-email',
      'learn-from-corrections',
      'maintenance',
      'notify-unassigned',
      'rule-webhook',
      'scheduled-rules',
      'send-outbound-mail',
      'sla-alerts',
      'template-health',
      'ticket-lifecycle',
    ])
    // The upkeep runs hourly, once for the cluster; within the minute it is due it may wait or run.
    for (const row of rows) {
      if (row.startsWith('maintenance'))
        expect(row).toMatch(/\s[01]\s+[01]\s+0\s+(-|\d+ s)\s+7 \* \* \* \* \(UTC\)$/)
      // The notifications' minute (decision 048): due every minute, so it may be waiting or running.
      else if (row.startsWith('notify-unassigned'))
        expect(row).toMatch(/\s[01]\s+[01]\s+0\s+(-|\d+ s)\s+\* \* \* \* \* \(UTC\)$/)
      // Scheduled rules (decision 051) and the SLA alerts (decision 063) every minute.
      else if (row.startsWith('scheduled-rules') || row.startsWith('sla-alerts'))
        expect(row).toMatch(/\s[01]\s+[01]\s+0\s+(-|\d+ s)\s+\* \* \* \* \* \(UTC\)$/)
      // The workspaces' category models every ten minutes (decision 059).
      else if (row.startsWith('learn-from-corrections'))
        expect(row).toMatch(/\s[01]\s+[01]\s+0\s+(-|\d+ s)\s+\*\/10 \* \* \* \* \(UTC\)$/)
      // Surveys and auto-close every five minutes (decision 057).
      else if (row.startsWith('ticket-lifecycle'))
        expect(row).toMatch(/\s[01]\s+[01]\s+0\s+(-|\d+ s)\s+\*\/5 \* \* \* \* \(UTC\)$/)
      // The templates' health hourly (decision 068).
      else if (row.startsWith('template-health'))
        expect(row).toMatch(/\s[01]\s+[01]\s+0\s+(-|\d+ s)\s+23 \* \* \* \* \(UTC\)$/)
      else expect(row).toMatch(/\s0\s+0\s+0\s+-$/)
    }
  })

  it('ingests a stored auto-reply again, keeping the counters true, and refuses a ticketed one', async () => {
    expect(
      (
        await sendRaw({
          port: server.smtpPort,
          to: address,
          raw: mail('Out of office', 'Auto-Submitted: auto-replied\r\n'),
        })
      ).accepted,
    ).toBe(true)
    const first = await waitForValue(
      async () => (await inbound()).find((doc) => doc.status === 'auto-reply' && doc.processedAt),
      { what: 'the auto-reply decided' },
    )
    const run = await admin(target, ['reingest', '--inbound', first.$id])
    expect(run).toMatchObject({ code: 0 })
    expect(run.stdout).toContain(`${first.$id} (was auto-reply) is queued to be ingested again`)
    await waitForValue(
      async () =>
        (await inbound()).find(
          (doc) =>
            doc.$id === first.$id && doc.processedAt !== first.processedAt && doc.status === 'auto-reply',
        ),
      { what: 'the auto-reply decided again' },
    )
    const mailbox = await readMailbox(owner)
    expect({
      received: mailbox.received,
      tickets: mailbox.tickets,
      autoReplies: mailbox.autoReplies,
    }).toEqual({
      received: 2,
      tickets: 1,
      autoReplies: 1,
    })

    const ticketed = (await inbound()).find((doc) => doc.status === 'ticket')
    const refused = await admin(target, ['reingest', '--inbound', String(ticketed?.$id)])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`already became ticket ${ticketed?.ticketId}`)
    const unknown = await admin(target, ['reingest', '--inbound', 'no-such-delivery'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('no inbound email no-such-delivery')
  })

  it('says so when retention removed the raw bytes, and works with no server running', async () => {
    const [autoReply] = (await inbound()).filter((doc) => doc.status === 'auto-reply')
    const ticket = (
      await owner.databases.listDocuments<TTicket>({ databaseId: 'main', collectionId: 'tickets' })
    ).documents[0]
    if (!autoReply || !ticket) throw new Error('the earlier tests left no auto-reply or ticket')
    // No server: on PGlite the command opens the database itself, on PostgreSQL it always does.
    expect(await server.kill('SIGTERM')).toBe(0)
    // As the retention sweep removes raw mail past RAW_MAIL_RETENTION_DAYS.
    const removeRaw = 'delete from inbound_raw where inbound_id = $1'
    if (database) {
      const client = new pg.Client({ connectionString: database.url })
      await client.connect()
      await client.query(removeRaw, [autoReply.$id])
      await client.end()
    } else {
      const db = await openPgliteDatabase(path.join(server.dataDir, 'pglite'))
      await db.query(removeRaw, [autoReply.$id])
      await db.close()
    }
    const gone = await admin(target, ['reingest', '--inbound', autoReply.$id])
    expect(gone.code).toBe(1)
    expect(gone.stderr).toContain(
      `the raw bytes of ${autoReply.$id} are gone (RAW_MAIL_RETENTION_DAYS removed them)`,
    )

    const queued = await admin(target, ['reanalyse', '--ticket', ticket.$id])
    expect(queued).toMatchObject({ code: 0 })
    const queues = await admin(target, ['queues'])
    expect(queues.stdout).toMatch(/^analyze-ticket\s+1\s+0\s+0\s+\d+ s$/m)
    // The next worker to start runs the job the command queued.
    await server.restart()
    owner = await signIn(server.url, email, NEW_PASSWORD)
    await waitForAnalysed(ticket.$id, 4)
  })
})
