import { CollectionId, DATABASE_ID, TemplateMessages, type TTemplateCreate } from '@parsedesk/contracts'
import { ID } from 'appwrite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDocumentAs as create,
  DEEP,
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

const TEMPLATES = CollectionId.templates
const FIELDS = CollectionId.customFields
const TABLES = ['templates', 'custom_fields'] as const

const TEMPLATE: TTemplateCreate = {
  name: 'Shop orders',
  match: { sender: { mode: 'contains', value: 'orders@shop.example' }, subject: null, content: null },
  fields: [
    {
      name: 'Order number',
      type: 'text',
      locator: { kind: 'between', before: 'Order number:', after: null },
      target: { kind: 'customField', key: 'order_number' },
    },
  ],
}

describe.each(DATABASE_KINDS)(
  'templates, custom fields and the preview refuse hostile input, on %s',
  (database) => {
    let server: TTestServer
    // Ada owns the workspace and Grace is its agent; Eve owns another, with a field, template and ticket.
    let ada: TSdkUser
    let grace: TSdkUser
    let eve: TSdkUser
    let workspace: string
    let evesWorkspace: string
    let ids: { template: string; field: string; evesTemplate: string; evesField: string; evesTicket: string }

    beforeAll(async () => {
      ;({ server, ada, grace, eve, workspace, evesWorkspace } = await startHostileCast(database))
      const fieldData = { key: 'order_number', label: 'Order number', type: 'text' }
      ids = {
        field: await create(ada, FIELDS, fieldData),
        template: await create(ada, TEMPLATES, TEMPLATE),
        evesField: await create(eve, FIELDS, { ...fieldData, key: 'eves_reference' }),
        evesTemplate: await create(eve, TEMPLATES, { ...TEMPLATE, name: 'Eve’s orders', fields: [] }),
        evesTicket: await create(eve, CollectionId.tickets, {
          email: 'carol@customer.example',
          subject: 'Order 1234',
          body: 'Order number: 1234',
        }),
      }
    })
    afterAll(() => server?.stop())

    const post = (as: TSdkUser | undefined, collectionId: string, data: unknown) =>
      send(server.url, 'POST', documentsPath(collectionId), { as, body: { documentId: ID.unique(), data } })
    const patch = (as: TSdkUser | undefined, collectionId: string, id: string, data: unknown) =>
      send(server.url, 'PATCH', documentsPath(collectionId, id), { as, body: { data } })
    const preview = (as: TSdkUser | undefined, body: Record<string, unknown>) =>
      send(server.url, 'POST', '/v1/templates/preview', { as, body })
    const field = (data: Record<string, unknown>) => ({
      key: 'amount',
      label: 'Amount',
      type: 'number',
      ...data,
    })
    const template = (data: Record<string, unknown>) => ({ ...TEMPLATE, name: 'Other shop', ...data })

    it('answers NUL, 10 MB, 10,000 levels, wrong types, unknown fields and others’ ids with a clear 4xx, storing nothing', async () => {
      const before = await rowCounts(server.db, TABLES)
      await expectAllRefused([
        // Custom fields.
        {
          what: 'field key with NUL',
          request: () => post(ada, FIELDS, field({ key: `amo${NUL}unt` })),
          names: 'key',
        },
        {
          what: 'field label of 10 MB',
          request: () => post(ada, FIELDS, field({ label: NEARLY_TEN_MB })),
          names: 'label',
        },
        {
          what: 'field options nested deep',
          request: () => post(ada, FIELDS, field({ options: DEEP })),
          names: 'options',
        },
        { what: 'field type a number', request: () => post(ada, FIELDS, field({ type: 5 })), names: 'type' },
        {
          what: 'field with unknown attribute',
          request: () => post(ada, FIELDS, field({ formula: '1+1' })),
          names: 'formula',
        },
        {
          what: 'field in another workspace',
          request: () => post(ada, FIELDS, field({ teamId: evesWorkspace })),
          status: 401,
          names: evesWorkspace,
        },
        {
          what: 'another workspace’s field changed',
          request: () => patch(ada, FIELDS, ids.evesField, { label: 'Mine' }),
          status: 404,
        },
        {
          what: 'field label changed to a number',
          request: () => patch(ada, FIELDS, ids.field, { label: 7 }),
          names: 'label',
        },
        {
          what: 'field key changed',
          request: () => patch(ada, FIELDS, ids.field, { key: 'other' }),
          names: 'key',
        },
        // Templates.
        {
          what: 'template name with NUL',
          request: () => post(ada, TEMPLATES, template({ name: `Ret${NUL}urns` })),
          names: 'name',
        },
        {
          what: 'template name of 10 MB',
          request: () => post(ada, TEMPLATES, template({ name: NEARLY_TEN_MB })),
          names: 'name',
        },
        {
          what: 'template match nested deep',
          request: () => post(ada, TEMPLATES, template({ match: DEEP })),
          names: 'match',
        },
        {
          what: 'template fields nested deep',
          request: () => post(ada, TEMPLATES, template({ fields: DEEP })),
          names: 'fields',
        },
        {
          what: 'template position a word',
          request: () => post(ada, TEMPLATES, template({ position: 'first' })),
          names: 'position',
        },
        {
          what: 'template with unknown attribute',
          request: () => post(ada, TEMPLATES, template({ script: 'x' })),
          names: 'script',
        },
        {
          what: 'template filling another workspace’s field',
          request: () =>
            post(
              ada,
              TEMPLATES,
              template({
                fields: [{ ...TEMPLATE.fields?.[0], target: { kind: 'customField', key: 'eves_reference' } }],
              }),
            ),
          names: TemplateMessages.unknownCustomField('eves_reference'),
        },
        {
          what: 'template in another workspace',
          request: () => post(ada, TEMPLATES, template({ teamId: evesWorkspace })),
          status: 401,
          names: evesWorkspace,
        },
        {
          what: 'another workspace’s template changed',
          request: () => patch(ada, TEMPLATES, ids.evesTemplate, { name: 'Mine' }),
          status: 404,
        },
        {
          what: 'another workspace’s template read',
          request: () => send(server.url, 'GET', documentsPath(TEMPLATES, ids.evesTemplate), { as: ada }),
          status: 404,
        },
        {
          what: 'another workspace’s template deleted',
          request: () => send(server.url, 'DELETE', documentsPath(TEMPLATES, ids.evesTemplate), { as: ada }),
          status: 404,
        },
        {
          what: 'template fields changed to text',
          request: () => patch(ada, TEMPLATES, ids.template, { fields: 'all' }),
          names: 'fields',
        },
        // Who may write: a guest, then an agent (the codebase's 401 with the managers' words).
        {
          what: 'guest creates a template',
          request: () => post(undefined, TEMPLATES, template({})),
          status: 401,
        },
        {
          what: 'agent creates a field',
          request: () => post(grace, FIELDS, field({ teamId: workspace })),
          status: 401,
          names: TemplateMessages.managersOnly,
        },
        {
          what: 'agent changes a template',
          request: () => patch(grace, TEMPLATES, ids.template, { enabled: false }),
          status: 401,
        },
        {
          what: 'agent deletes a field',
          request: () => send(server.url, 'DELETE', documentsPath(FIELDS, ids.field), { as: grace }),
          status: 401,
        },
        // The preview.
        {
          what: 'guest previews',
          request: () => preview(undefined, { teamId: workspace, template: TEMPLATE }),
          status: 401,
        },
        {
          what: 'agent previews',
          request: () => preview(grace, { teamId: workspace, template: TEMPLATE }),
          status: 401,
          names: TemplateMessages.managersOnly,
        },
        {
          what: 'preview in another workspace',
          request: () => preview(ada, { teamId: evesWorkspace, template: TEMPLATE }),
          status: 401,
        },
        {
          what: 'preview of another workspace’s mail',
          request: () =>
            preview(ada, {
              teamId: workspace,
              template: TEMPLATE,
              sample: { kind: 'message', messageId: ids.evesTicket },
            }),
          status: 404,
          names: TemplateMessages.sampleNotFound,
        },
        {
          what: 'preview of a 10 MB sample',
          request: () =>
            preview(ada, {
              teamId: workspace,
              template: TEMPLATE,
              sample: { kind: 'mail', mail: { body: NEARLY_TEN_MB } },
            }),
          names: 'sample',
        },
        {
          what: 'preview nested deep',
          request: () => preview(ada, { teamId: workspace, template: DEEP }),
          names: 'template',
        },
        {
          what: 'preview of a NUL message id',
          request: () =>
            preview(ada, {
              teamId: workspace,
              template: TEMPLATE,
              sample: { kind: 'message', messageId: NUL },
            }),
          status: 404,
        },
        {
          what: 'preview with recent a word',
          request: () => preview(ada, { teamId: workspace, template: TEMPLATE, recent: 'yes' }),
          names: 'recent',
        },
        {
          what: 'preview with unknown field',
          request: () => preview(ada, { teamId: workspace, template: TEMPLATE, save: true }),
          names: 'save',
        },
      ])
      expect(await rowCounts(server.db, TABLES)).toEqual(before)
      // What was there is as it was, Eve's included.
      const read = (user: TSdkUser, collectionId: string, documentId: string) =>
        user.databases.getDocument({ databaseId: DATABASE_ID, collectionId, documentId })
      expect(await read(ada, FIELDS, ids.field)).toMatchObject({ key: 'order_number', label: 'Order number' })
      expect(await read(ada, TEMPLATES, ids.template)).toMatchObject({ name: 'Shop orders', enabled: true })
      expect(await read(eve, TEMPLATES, ids.evesTemplate)).toMatchObject({ name: 'Eve’s orders' })
    })

    it('runs a catastrophic pattern on a long mail in linear time, and refuses one RE2 cannot run', async () => {
      const catastrophic = { mode: 'regex', value: '^(a+)+$' }
      const sample = {
        kind: 'mail',
        mail: { from: 'orders@shop.example', subject: 'Order', body: `${'a'.repeat(49_999)}!` },
      }
      const answer = await preview(ada, {
        teamId: workspace,
        template: { ...TEMPLATE, match: { content: catastrophic } },
        sample,
        recent: false,
      })
      expect(answer.status, answer.body.message).toBe(200)
      expect(answer.body).toMatchObject({ sample: { matched: false } })
      await expectAllRefused([
        {
          what: 'a backreference',
          request: () =>
            preview(ada, {
              teamId: workspace,
              template: { ...TEMPLATE, match: { content: { mode: 'regex', value: '(a)\\1' } } },
            }),
          names: 'template',
        },
        {
          what: 'a lookahead saved',
          request: () =>
            post(ada, TEMPLATES, template({ match: { subject: { mode: 'regex', value: '(?=a)a' } } })),
          names: 'match',
        },
      ])
    })
  },
)
