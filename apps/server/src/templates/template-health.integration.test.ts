import {
  CollectionId,
  DATABASE_ID,
  type TTemplateAttributes,
  type TTemplateCreate,
} from '@parsedesk/contracts'
import { ID, type Models } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestProcessor, startUndecidingServer } from '../mail/ingest/ingest.test-kit'
import { readMailbox, sendRaw, TEST_INBOUND_DOMAIN } from '../mail/mail.test-kit'
import { signUpUser, type TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'

type TTemplate = Models.Document & TTemplateAttributes

const TEMPLATES = { databaseId: DATABASE_ID, collectionId: CollectionId.templates }

function vendorMail(options: { from: string; subject: string; messageId: string; body: string[] }): string {
  return [
    `From: ${options.from}`,
    `To: support@${TEST_INBOUND_DOMAIN}`,
    `Subject: ${options.subject}`,
    `Message-ID: <${options.messageId}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    ...options.body,
    '',
  ].join('\r\n')
}

/** A template reading one required line after `label`, with one saved test email in that layout. */
function templateReading(sender: string, label: string): TTemplateCreate {
  return {
    name: `From ${sender}`,
    match: { sender: { mode: 'contains', value: sender }, subject: null, content: null },
    fields: [
      {
        name: 'Reference',
        type: 'text',
        locator: { kind: 'between', before: label, after: null },
        required: true,
        target: { kind: 'tags' },
      },
    ],
    testEmails: [
      {
        name: 'As it used to come',
        mail: { from: sender, subject: 'Notice', headers: {}, body: `Hello\n${label} R-1\n` },
        expected: { Reference: 'R-1' },
      },
    ],
  }
}

describe.each(DATABASE_KINDS)('template health on %s', (database) => {
  let server: TTestServer
  let ada: TSdkUser
  let mailbox: string

  beforeAll(async () => {
    server = await startUndecidingServer(database)
    ada = await signUpUser(server.url, 'Ada Lovelace')
    mailbox = (await readMailbox(ada)).address
  })
  afterAll(() => server?.stop())

  const ingest = async (mails: string[]) => {
    for (const raw of mails) {
      expect((await sendRaw({ port: server.smtpPort ?? 0, to: mailbox, raw })).accepted).toBe(true)
    }
    const { rows } = await server.db.query<{ id: string }>(
      `select i.id from inbound_emails i join mailboxes m on m.id = i."mailboxId"
       where m.address = $1 and i."status" = 'received' order by i.seq`,
      [mailbox],
    )
    await createTestProcessor(server).processInboundBatch(
      rows.map(({ id }) => ({ inboundId: id, isLastAttempt: false })),
    )
  }

  it('flags at save a template whose recent mail no longer has the layout of its test emails, not a healthy one', async () => {
    // The monitor renamed "Host:" to "Server:"; the billing vendor kept its layout.
    await ingest([
      ...[1, 2].map((n) =>
        vendorMail({
          from: 'Monitor <alerts@monitor.example>',
          subject: `Alert ${n}`,
          messageId: `alert-${n}@monitor.example`,
          body: ['Hello', `Server: web-${n}`],
        }),
      ),
      vendorMail({
        from: 'Billing <billing@vendor.example>',
        subject: 'Invoice 7',
        messageId: 'invoice-7@vendor.example',
        body: ['Hello', 'Invoice: INV-7'],
      }),
    ])
    const create = async (data: TTemplateCreate) =>
      (await ada.databases.createDocument({
        ...TEMPLATES,
        documentId: ID.unique(),
        data,
      })) as unknown as TTemplate
    const monitor = await create(templateReading('alerts@monitor.example', 'Host:'))
    const billing = await create(templateReading('billing@vendor.example', 'Invoice:'))

    expect(monitor.health).toMatchObject({
      flagged: true,
      regressionPassRate: 1,
      recentMatchRate: 0,
      recentChecked: 2,
      failingTestEmails: [],
    })
    expect(monitor.health.checkedAt).not.toBeNull()
    expect(billing.health).toMatchObject({ flagged: false, regressionPassRate: 1, recentMatchRate: 1 })

    // Read back as the dashboard reads it; fixed to the new layout, the flag goes.
    const read = (await ada.databases.getDocument({
      ...TEMPLATES,
      documentId: monitor.$id,
    })) as unknown as TTemplate
    expect(read.health.flagged).toBe(true)
    const fixed = templateReading('alerts@monitor.example', 'Server:')
    const updated = (await ada.databases.updateDocument({
      ...TEMPLATES,
      documentId: monitor.$id,
      data: { fields: fixed.fields, testEmails: fixed.testEmails },
    })) as unknown as TTemplate
    expect(updated.health).toMatchObject({ flagged: false, regressionPassRate: 1, recentMatchRate: 1 })
  })
})
