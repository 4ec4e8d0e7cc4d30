import { randomUUID } from 'node:crypto'
import { ZTemplateAttributes } from '@parsedesk/contracts'
import type { TRunningServer } from '../../apps/server/src/server'

/** Templates the bench's workspace runs on every new ticket (issue 26 item 4: "20 templates active"). */
export const BENCH_TEMPLATES = 20

const json = (value: unknown) => JSON.stringify(value)

/**
 * Gives the bench workspace (the dashboard's mailbox's) 20 enabled templates, as a desk reading vendors'
 * mail has: 19 recognise a vendor by its sender (none of the bench's mails: each is tried and passed over)
 * and the last reads every mail left (no conditions) with a between, an RE2 pattern and a header field, so
 * every ticket is extracted and written with its record. In SQL, each checked with the contract first.
 */
export async function installTemplates(
  server: TRunningServer,
  workspace: { mailboxId: string },
): Promise<void> {
  const { rows } = await server.db.query<{ teamId: string }>('select "teamId" from mailboxes where id = $1', [
    workspace.mailboxId,
  ])
  const teamId = rows[0]?.teamId
  if (!teamId) throw new Error('the bench mailbox has no workspace')
  const template = (position: number, last: boolean) =>
    ZTemplateAttributes.parse({
      teamId,
      name: last ? 'Every mail' : `Vendor ${position}`,
      position,
      enabled: true,
      match: last
        ? { sender: null, subject: null, content: null }
        : {
            sender: { mode: 'contains', value: `orders@vendor-${position}.example` },
            subject: { mode: 'regex', value: `(?i)order\\s+#?V${position}-\\d+` },
            content: null,
          },
      fields: [
        {
          name: 'Reference',
          type: 'text',
          locator: { kind: 'regex', in: 'subject', pattern: '([A-Z]{2,}-\\d+)', group: 1 },
        },
        { name: 'Greeting', type: 'text', locator: { kind: 'between', before: 'Hello', after: null } },
        { name: 'Mailer', type: 'text', locator: { kind: 'header', name: 'X-Mailer' } },
      ],
      testEmails: [],
      health: {
        regressionPassRate: null,
        failingTestEmails: [],
        recentMatchRate: null,
        recentChecked: 0,
        flagged: false,
        checkedAt: null,
      },
    })
  for (let position = 1; position <= BENCH_TEMPLATES; position += 1) {
    const parsed = template(position, position === BENCH_TEMPLATES)
    await server.db.query(
      `insert into templates (id, "teamId", "name", "position", "enabled", "match", "fields", "testEmails")
       values ($1, $2, $3, $4, true, $5, $6, '[]')`,
      [
        randomUUID().replaceAll('-', '').slice(0, 20),
        teamId,
        parsed.name,
        parsed.position,
        json(parsed.match),
        json(parsed.fields),
      ],
    )
  }
}
