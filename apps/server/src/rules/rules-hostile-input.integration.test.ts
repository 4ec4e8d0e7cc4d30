import { CollectionId, DATABASE_ID, RuleMessages, type TRuleCreate } from '@parsedesk/contracts'
import { ID } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDocumentAs as create,
  DEEP,
  deepJson,
  documentsPath,
  expectAllRefused,
  NEARLY_TEN_MB,
  NUL,
  rowCounts,
  send,
  startHostileCast,
} from '../testing/hostile-input'
import type { TSdkUser } from '../testing/sdk-client'
import { DATABASE_KINDS } from '../testing/test-database'
import type { TTestServer } from '../testing/test-server'

const RULES = CollectionId.rules
const TABLES = ['rules', 'rule_webhook_secrets', 'tickets'] as const

const RULE: TRuleCreate = {
  name: 'Invoices are urgent',
  kind: 'on-create',
  conditions: {
    type: 'group',
    match: 'all',
    conditions: [{ type: 'condition', field: 'message.subject', operator: 'contains', value: 'invoice' }],
  },
  actions: [{ type: 'set-priority', priority: 'high' }],
}
const withCondition = (condition: Record<string, unknown>) => ({
  ...RULE,
  conditions: { type: 'group', match: 'all', conditions: [{ type: 'condition', ...condition }] },
})
/** Groups in groups, 10,000 deep: the shape the rule's schema nests, far past its 3 levels. */
const DEEP_GROUPS = deepJson((inner) => `{"type":"group","match":"all","conditions":[${inner}]}`)

describe.each(DATABASE_KINDS)(
  'rules, their dry run and webhook secret refuse hostile input, on %s',
  (database) => {
    let server: TTestServer
    // Ada owns the workspace and Grace is its agent; Eve owns another, with a group and a rule.
    let ada: TSdkUser
    let grace: TSdkUser
    let eve: TSdkUser
    let workspace: string
    let evesWorkspace: string
    let ids: { rule: string; evesRule: string; evesGroup: string }

    beforeAll(async () => {
      ;({ server, ada, grace, eve, workspace, evesWorkspace } = await startHostileCast(database))
      ids = {
        rule: await create(ada, RULES, RULE),
        evesRule: await create(eve, RULES, { ...RULE, name: 'Eve’s rule' }),
        evesGroup: await create(eve, CollectionId.groups, { name: 'Eve’s team' }),
      }
    })
    afterAll(() => server?.stop())

    const post = (as: TSdkUser | undefined, data: unknown, deep?: string) =>
      send(server.url, 'POST', documentsPath(RULES), { as, body: { documentId: ID.unique(), data }, deep })
    const patch = (as: TSdkUser | undefined, id: string, data: unknown) =>
      send(server.url, 'PATCH', documentsPath(RULES, id), { as, body: { data } })
    const dryRun = (as: TSdkUser | undefined, teamId: string, body: unknown, deep?: string) =>
      send(server.url, 'POST', `/v1/workspaces/${teamId}/rules/dry-run`, { as, body, deep })
    const newSecret = (as: TSdkUser | undefined, teamId: string, ruleId: string) =>
      send(server.url, 'POST', `/v1/workspaces/${teamId}/rules/${ruleId}/webhook-secret`, { as })

    it('answers NUL, 10 MB, 10,000 levels, wrong types, unknown fields and others’ ids with a clear 4xx, storing nothing', async () => {
      const before = await rowCounts(server.db, TABLES)
      await expectAllRefused([
        {
          what: 'name with NUL',
          request: () => post(ada, { ...RULE, name: `Inv${NUL}oices` }),
          names: 'name',
        },
        { what: 'name of 10 MB', request: () => post(ada, { ...RULE, name: NEARLY_TEN_MB }), names: 'name' },
        {
          what: 'a condition of 10 MB',
          request: () =>
            post(ada, withCondition({ field: 'message.body', operator: 'contains', value: NEARLY_TEN_MB })),
          names: 'conditions',
        },
        {
          what: 'conditions nested 10,000 deep',
          request: () => post(ada, { ...RULE, conditions: DEEP }),
          names: 'conditions',
        },
        {
          what: 'groups in groups 10,000 deep',
          request: () => post(ada, { ...RULE, conditions: DEEP }, DEEP_GROUPS),
          names: 'conditions',
        },
        {
          what: 'actions nested 10,000 deep',
          request: () => post(ada, { ...RULE, actions: DEEP }),
          names: 'actions',
        },
        { what: 'kind a number', request: () => post(ada, { ...RULE, kind: 42 }), names: 'kind' },
        { what: 'enabled a word', request: () => post(ada, { ...RULE, enabled: 'yes' }), names: 'enabled' },
        { what: 'unknown attribute', request: () => post(ada, { ...RULE, runAs: 'owner' }), names: 'runAs' },
        {
          what: 'a pattern RE2 cannot run',
          request: () =>
            post(ada, withCondition({ field: 'message.body', operator: 'regex', value: '(a)\\1' })),
          names: RuleMessages.patternInvalid,
        },
        {
          what: 'a group of another workspace',
          request: () => post(ada, { ...RULE, actions: [{ type: 'set-group', groupId: ids.evesGroup }] }),
          names: 'actions[0].groupId',
        },
        {
          what: 'an assignee of another workspace',
          request: () => post(ada, { ...RULE, actions: [{ type: 'set-assignee', assigneeId: eve.userId }] }),
          names: 'actions[0].assigneeId',
        },
        {
          what: 'a webhook to this machine',
          request: () =>
            post(ada, { ...RULE, actions: [{ type: 'webhook', url: 'https://127.0.0.1/hook' }] }),
          names: 'actions[0].url',
        },
        {
          what: 'a rule in another workspace',
          request: () => post(ada, { ...RULE, teamId: evesWorkspace }),
          status: 401,
        },
        {
          what: 'another workspace’s rule changed',
          request: () => patch(ada, ids.evesRule, { enabled: false }),
          status: 404,
        },
        {
          what: 'another workspace’s rule read',
          request: () => send(server.url, 'GET', documentsPath(RULES, ids.evesRule), { as: ada }),
          status: 404,
        },
        {
          what: 'another workspace’s rule deleted',
          request: () => send(server.url, 'DELETE', documentsPath(RULES, ids.evesRule), { as: ada }),
          status: 404,
        },
        {
          what: 'a change nested deep',
          request: () => patch(ada, ids.rule, { actions: DEEP }),
          names: 'actions',
        },
        { what: 'guest writes a rule', request: () => post(undefined, RULE), status: 401 },
        {
          what: 'agent writes a rule',
          request: () => post(grace, { ...RULE, teamId: workspace }),
          status: 401,
          names: RuleMessages.managersOnly,
        },
        {
          what: 'agent changes a rule',
          request: () => patch(grace, ids.rule, { enabled: false }),
          status: 401,
        },
        // The dry run.
        { what: 'guest dry run', request: () => dryRun(undefined, workspace, { rule: RULE }), status: 401 },
        {
          what: 'agent dry run',
          request: () => dryRun(grace, workspace, { rule: RULE }),
          status: 401,
          names: RuleMessages.managersOnly,
        },
        {
          what: 'dry run in another workspace',
          request: () => dryRun(ada, evesWorkspace, { rule: RULE }),
          status: 401,
        },
        { what: 'dry run nested deep', request: () => dryRun(ada, workspace, { rule: DEEP }), names: 'rule' },
        {
          what: 'dry run of groups 10,000 deep',
          request: () => dryRun(ada, workspace, { rule: { ...RULE, conditions: DEEP } }, DEEP_GROUPS),
          names: 'rule',
        },
        {
          what: 'dry run of a 10 MB name',
          request: () => dryRun(ada, workspace, { rule: { ...RULE, name: NEARLY_TEN_MB } }),
          names: 'rule',
        },
        {
          what: 'dry run with unknown field',
          request: () => dryRun(ada, workspace, { rule: RULE, save: true }),
          names: 'save',
        },
        // The webhook secret.
        { what: 'guest new secret', request: () => newSecret(undefined, workspace, ids.rule), status: 401 },
        {
          what: 'agent new secret',
          request: () => newSecret(grace, workspace, ids.rule),
          status: 401,
          names: RuleMessages.managersOnly,
        },
        {
          what: 'secret of another workspace’s rule',
          request: () => newSecret(ada, workspace, ids.evesRule),
          status: 404,
        },
        {
          what: 'secret in another workspace',
          request: () => newSecret(ada, evesWorkspace, ids.evesRule),
          status: 401,
        },
        { what: 'secret of a NUL rule id', request: () => newSecret(ada, workspace, '%00'), status: 404 },
        {
          what: 'secret of a 10 KB rule id',
          request: () => newSecret(ada, workspace, 'r'.repeat(10_000)),
          status: 414,
          names: 'max param length',
        },
      ])
      expect(await rowCounts(server.db, TABLES)).toEqual(before)
      const read = (user: TSdkUser, documentId: string) =>
        user.databases.getDocument({ databaseId: DATABASE_ID, collectionId: RULES, documentId })
      expect(await read(ada, ids.rule)).toMatchObject({
        name: RULE.name,
        enabled: true,
        actions: RULE.actions,
      })
      expect(await read(eve, ids.evesRule)).toMatchObject({ name: 'Eve’s rule', enabled: true })
    })

    it('dry-runs a catastrophic pattern over long tickets at once', async () => {
      await ada.databases.createDocument({
        databaseId: DATABASE_ID,
        collectionId: CollectionId.tickets,
        documentId: ID.unique(),
        data: {
          email: 'carol@customer.example',
          subject: 'aaaa',
          body: `${'a'.repeat(99_999)}!`,
          teamId: workspace,
        },
      })
      const answer = await dryRun(ada, workspace, {
        rule: withCondition({ field: 'message.body', operator: 'regex', value: '^(a+)+$' }),
      })
      expect(answer.status, answer.body.message).toBe(200)
      expect(answer.body).toMatchObject({ matched: 0, scanned: 1 })
    })
  },
)
