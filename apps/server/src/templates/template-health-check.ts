import { type TTemplateHealth, type TTemplateTestEmail, ZTemplateAttributes } from '@parsedesk/contracts'
import type { TDatabase, TQueryable } from '../db/database'
import { toStorableJson } from '../db/storable-text'
import type { TCollectionDefinition, TDocumentRow } from '../documents/collection'
import { publishDocumentEvent } from '../documents/publish-document-event'
import { mailOfStored } from '../extraction/mail-for-templates'
import { runRegression } from '../extraction/regression'
import { runTemplate, type TRunnableTemplate } from '../extraction/run-template'
import { recentCustomerMail } from '../extraction/stored-mail-repository'
import { templateHealth } from '../extraction/template-health'
import type { TEventBus } from '../realtime/event-bus'

/** At most this many templates a scheduled run checks: each reads its workspace's 50 newest emails. */
export const HEALTH_BATCH = 100
// A template checked this recently (at its save, or by the previous hourly run) waits for the next run.
const HEALTH_STALE_MINUTES = 50

const ZCheckedTemplate = ZTemplateAttributes.pick({
  teamId: true,
  match: true,
  fields: true,
  testEmails: true,
})
type TCheckedTemplate = TRunnableTemplate & { id: string; teamId: string; testEmails: TTemplateTestEmail[] }

export type TTemplateHealthChecker = {
  /** One template's health, computed now over its workspace's recent mail and stored; the row as written. */
  check(id: string): Promise<TDocumentRow | undefined>
  /** The enabled templates checked longest ago (a bounded batch), grouped so each workspace's mail is read once. */
  checkDue(): Promise<void>
}

/**
 * Stores each template's health (decision 068): its saved test emails run again, and its runs over the
 * workspace's newest customer emails, the preview's reader. Written without touching `updated_at` (the
 * template did not change), then announced so an open dashboard shows the flag.
 */
export function createTemplateHealthChecker(deps: {
  db: TDatabase
  bus: TEventBus
  collection: TCollectionDefinition
}): TTemplateHealthChecker {
  const { db, bus, collection } = deps

  const healthOf = (template: TCheckedTemplate, recent: ReturnType<typeof mailOfStored>[]) =>
    templateHealth({
      regression: runRegression(template, template.testEmails),
      recent: recent.map((mail) => runTemplate(template, mail)),
      checkedAt: new Date(),
    })

  const store = async (id: string, health: TTemplateHealth) => {
    const { rows } = await db.query<TDocumentRow>(
      'update templates set "health" = $2::jsonb where id = $1 returning *',
      [id, toStorableJson(health)],
    )
    const row = rows[0]
    if (row) await publishDocumentEvent({ bus, def: collection, action: 'update', row })
    return row
  }

  const recentMail = async (tx: TQueryable, teamId: string) =>
    (await recentCustomerMail(tx, teamId)).map(mailOfStored)

  const parsed = (row: TDocumentRow): TCheckedTemplate => ({ id: row.id, ...ZCheckedTemplate.parse(row) })

  return {
    async check(id) {
      const { rows } = await db.query<TDocumentRow>('select * from templates where id = $1', [id])
      if (!rows[0]) return undefined
      const template = parsed(rows[0])
      return store(id, healthOf(template, await recentMail(db, template.teamId)))
    },
    async checkDue() {
      const { rows } = await db.query<TDocumentRow>(
        `select * from templates
         where "enabled" and coalesce(("health"->>'checkedAt')::timestamptz, 'epoch') < now() - make_interval(mins => $1)
         order by ("health"->>'checkedAt') nulls first, seq limit $2`,
        [HEALTH_STALE_MINUTES, HEALTH_BATCH],
      )
      const byTeam = new Map<string, TCheckedTemplate[]>()
      for (const template of rows.map(parsed))
        byTeam.set(template.teamId, [...(byTeam.get(template.teamId) ?? []), template])
      for (const [teamId, templates] of byTeam) {
        const recent = await recentMail(db, teamId)
        for (const template of templates) await store(template.id, healthOf(template, recent))
      }
    },
  }
}
