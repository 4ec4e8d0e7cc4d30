import { randomUUID } from 'node:crypto'
import { RoutingStrategy, ZGroupAttributes, ZRuleAttributes } from '@parsedesk/contracts'
import type { TRunningServer } from '../../apps/server/src/server'

/** Rules the bench's workspace runs on every new ticket (issue 25 item 4: "50 rules and routing active"). */
export const BENCH_RULES = 50

const id = () => randomUUID().replaceAll('-', '').slice(0, 20)

/** A jsonb column's value as the statement sends it. */
const json = (value: unknown) => JSON.stringify(value)

/**
 * Gives the bench workspace (the dashboard's mailbox's) 50 on-create rules and a routed group: 49 rules
 * looking for words in the subject or body (each evaluated, its outcome logged, as a desk's keyword rules
 * are) and one putting every ticket in a round robin group with skills first, whose member routing picks.
 * Written in SQL (the dashboard's user signs in in another process), each checked with the contract first.
 */
export async function installAutomation(
  server: TRunningServer,
  workspace: { mailboxId: string; userId: string },
): Promise<void> {
  const { rows } = await server.db.query<{ teamId: string }>('select "teamId" from mailboxes where id = $1', [
    workspace.mailboxId,
  ])
  const teamId = rows[0]?.teamId
  if (!teamId) throw new Error('the bench mailbox has no workspace')
  const group = ZGroupAttributes.parse({
    teamId,
    name: 'Bench routing',
    description: '',
    memberIds: [workspace.userId],
    strategy: RoutingStrategy.roundRobin,
    cap: 500,
    skillsFirst: true,
    memberSkills: [{ userId: workspace.userId, skills: ['billing'] }],
    skillRules: [
      { skill: 'billing', categories: ['billing-payment'], languages: ['german'], tags: ['invoice'] },
    ],
  })
  const groupId = id()
  await server.db.query(
    `insert into groups (id, "teamId", "name", "description", "memberIds", "strategy", "cap", "skillsFirst",
       "memberSkills", "skillRules")
     values ($1, $2, $3, '', $4, $5, $6, $7, $8, $9)`,
    [
      groupId,
      teamId,
      group.name,
      json(group.memberIds),
      group.strategy,
      group.cap,
      group.skillsFirst,
      json(group.memberSkills),
      json(group.skillRules),
    ],
  )
  const keyword = (position: number) =>
    ZRuleAttributes.parse({
      teamId,
      name: `Keyword ${position}`,
      enabled: true,
      kind: 'on-create',
      position,
      stopHere: false,
      conditions: {
        type: 'group',
        match: 'any',
        conditions: [
          {
            type: 'condition',
            field: 'message.subject',
            operator: 'contains',
            value: `bench-word-${position}`,
          },
          { type: 'condition', field: 'message.body', operator: 'contains', value: `bench-word-${position}` },
        ],
      },
      actions: [{ type: 'add-tags', tags: [`bench-${position}`] }],
      webhookSecret: null,
    })
  const route = ZRuleAttributes.parse({
    teamId,
    name: 'Into the routed group',
    enabled: true,
    kind: 'on-create',
    position: BENCH_RULES,
    stopHere: false,
    conditions: { type: 'group', match: 'all', conditions: [] },
    actions: [{ type: 'set-group', groupId }],
    webhookSecret: null,
  })
  const rules = [...Array.from({ length: BENCH_RULES - 1 }, (_, index) => keyword(index + 1)), route]
  for (const rule of rules) {
    await server.db.query(
      `insert into rules (id, "teamId", "name", "enabled", "kind", "position", "stopHere", "conditions", "actions")
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id(),
        teamId,
        rule.name,
        rule.enabled,
        rule.kind,
        rule.position,
        rule.stopHere,
        json(rule.conditions),
        json(rule.actions),
      ],
    )
  }
}
