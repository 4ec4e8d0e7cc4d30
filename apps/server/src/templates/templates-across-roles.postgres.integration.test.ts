import {
  CollectionId,
  DATABASE_ID,
  type TTemplateAttributes,
  type TTemplateCreate,
  type TTicketAttributes,
} from '@parsedesk/contracts'
import { ID, type Models, Query } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendRaw, signUpWithMailbox } from '../mail/mail.test-kit'
import type { TSdkUser } from '../testing/sdk-client'
import { startServerProcess, type TServerProcess } from '../testing/server-process'
import { createTestDatabase, TEST_DATABASE_URL } from '../testing/test-database'
import { waitForValue } from '../testing/wait-for-value'

type TTicket = Models.Document & TTicketAttributes
type TTemplate = Models.Document & TTemplateAttributes

const TEMPLATES = { databaseId: DATABASE_ID, collectionId: CollectionId.templates }
const TICKETS = { databaseId: DATABASE_ID, collectionId: CollectionId.tickets }

const ALERTS: TTemplateCreate = {
  name: 'Monitoring alerts',
  match: { sender: { mode: 'contains', value: 'alerts@monitor.example' }, subject: null, content: null },
  fields: [
    {
      name: 'Severity',
      type: 'choice',
      options: [
        { value: 'high', synonyms: ['P1'] },
        { value: 'low', synonyms: ['P3'] },
      ],
      locator: { kind: 'between', before: 'Severity:', after: null },
      target: { kind: 'priority' },
    },
  ],
}

if (!TEST_DATABASE_URL) {
  console.log('[templates] TEST_DATABASE_URL is not set: the test across production roles is skipped')
}

describe.skipIf(!TEST_DATABASE_URL)('a template edited on the http role, run by the worker role', () => {
  let database: { url: string; drop(): Promise<void> }
  const processes: TServerProcess[] = []
  let front: TServerProcess

  beforeAll(async () => {
    database = await createTestDatabase(TEST_DATABASE_URL!)
    const shared = { database: 'postgres', databaseUrl: database.url } as const
    front = await startServerProcess({ ...shared, roles: 'http,smtp' })
    processes.push(front, await startServerProcess({ ...shared, roles: 'worker' }))
  })
  afterAll(async () => {
    await Promise.all(processes.map((server) => server.stop()))
    await database?.drop()
  })

  const alert = (to: string, subject: string, severity: string) =>
    [
      'From: Monitor <alerts@monitor.example>',
      `To: ${to}`,
      `Subject: ${subject}`,
      `Message-ID: <${ID.unique()}@monitor.example>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Disk almost full on db-3',
      `Severity: ${severity}`,
      '',
    ].join('\r\n')
  const extracted = (owner: TSdkUser, subject: string) =>
    waitForValue(
      async () => {
        const { documents } = await owner.databases.listDocuments<TTicket>({
          ...TICKETS,
          queries: [Query.equal('subject', subject)],
        })
        return documents[0]?.extraction ? documents[0] : undefined
      },
      { timeoutMs: 30_000, what: `the ticket "${subject}" extracted by the worker` },
    )

  it('reads the next mail with the template as saved, though the worker read it before the edit', async () => {
    const { user: owner, mailbox } = await signUpWithMailbox(front.url, 'Ada Lovelace')
    const template = (await owner.databases.createDocument({
      ...TEMPLATES,
      documentId: ID.unique(),
      data: ALERTS,
    })) as unknown as TTemplate
    const send = async (subject: string, severity: string) =>
      expect(
        (
          await sendRaw({
            port: front.smtpPort,
            to: mailbox.address,
            raw: alert(mailbox.address, subject, severity),
          })
        ).code,
      ).toBe(250)

    await send('Disk alert one', 'Critical')
    const before = await extracted(owner, 'Disk alert one')
    expect(before.extraction?.fields[0]?.value).toBeNull()

    await owner.databases.updateDocument({
      ...TEMPLATES,
      documentId: template.$id,
      data: {
        fields: template.fields.map((field) => ({
          ...field,
          options: [{ value: 'high', synonyms: ['P1', 'Critical'] }, ...field.options.slice(1)],
        })),
      },
    })
    await send('Disk alert two', 'Critical')
    const after = await extracted(owner, 'Disk alert two')
    expect(after.extraction?.fields[0]?.value).toBe('high')
    expect(after.priority).toBe('high')
  })
})
