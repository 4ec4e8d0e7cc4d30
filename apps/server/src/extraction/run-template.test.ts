import {
  ExtractionStatus,
  re2Refusal,
  TemplateMessages,
  type TSampleMail,
  type TTemplateField,
  ZTemplateField,
  ZTemplateMatch,
} from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { extractTicket, type TStoredTemplate } from './extract-ticket'
import { runRegression } from './regression'
import { runTemplate } from './run-template'
import { templateHealth } from './template-health'

const field = (input: unknown): TTemplateField => ZTemplateField.parse(input)
const mail = (input: Partial<TSampleMail>): TSampleMail => ({
  from: '',
  subject: '',
  headers: {},
  body: '',
  ...input,
})
const valuesOf = (fields: { name: string; value: unknown }[]) =>
  Object.fromEntries(fields.map((read) => [read.name, read.value]))

const ORDER = mail({
  from: 'orders@shop.example',
  subject: 'Your order #A-1042 is confirmed',
  body: [
    'Hello Ada,',
    '',
    'Order number: A-1042',
    'Ordered on: Friday, 27 November 2026',
    '',
    '| Item           | Qty | Price        |',
    '| Walnut desk    | 1   | EUR 1.234,50 |',
    '| Lamp           | 2   | EUR 45,00    |',
    '',
    'Total:  1,324.50 EUR',
    'Track it at <https://shop.example/track/A-1042>.',
  ].join('\n'),
})

const ORDER_TEMPLATE = {
  match: ZTemplateMatch.parse({
    sender: { mode: 'contains', value: '@SHOP.example' },
    subject: { mode: 'regex', value: 'order #[A-Z]-\\d+' },
  }),
  fields: [
    field({
      name: 'Order',
      type: 'text',
      required: true,
      locator: { kind: 'between', before: 'Order number:' },
    }),
    field({
      name: 'Ordered',
      type: 'date',
      dateFormat: 'D MMMM YYYY',
      locator: { kind: 'between', before: 'ordered on:' },
    }),
    field({ name: 'Desks', type: 'number', locator: { kind: 'tableRow', label: 'Walnut desk', column: 1 } }),
    field({
      name: 'Desk price',
      type: 'number',
      locator: { kind: 'tableRow', label: 'Walnut desk', column: 2 },
    }),
    field({ name: 'Total', type: 'number', locator: { kind: 'tableRow', label: 'Total' } }),
    field({ name: 'Tracking', type: 'url', locator: { kind: 'between', before: 'Track it at' } }),
    field({ name: 'Reference', type: 'text', locator: { kind: 'regex', in: 'subject', pattern: '#(\\S+)' } }),
  ],
}

describe('a template on vendor mail', () => {
  it('reads an order confirmation: anchors, a table, amounts with separators and currency, a named date', () => {
    const run = runTemplate(ORDER_TEMPLATE, ORDER)
    expect(run).toMatchObject({ matched: true, passed: true })
    expect(valuesOf(run.fields)).toEqual({
      Order: 'A-1042',
      Ordered: '2026-11-27',
      Desks: 1,
      'Desk price': 1234.5,
      Total: 1324.5,
      Tracking: 'https://shop.example/track/A-1042',
      Reference: 'A-1042',
    })
    // Where each value came from: the editor marks it in the mail.
    const start = ORDER.body.indexOf('A-1042')
    expect(run.fields[0]?.source).toEqual({ kind: 'text', in: 'body', start, end: start + 6, line: 3 })
    expect(run.fields[6]?.source).toMatchObject({ kind: 'text', in: 'subject', line: 1 })
  })

  it('reads a monitoring alert: choice synonyms, an ISO date with its time, a header', () => {
    const severity = field({
      name: 'Severity',
      type: 'choice',
      required: true,
      options: [
        { value: 'high', synonyms: ['P1', 'critical', 'urgent'] },
        { value: 'medium', synonyms: ['P2', 'warning'] },
        { value: 'low', synonyms: ['P3', 'info'] },
      ],
      locator: { kind: 'regex', pattern: '^Severity:\\s*(.+)$' },
      target: { kind: 'priority' },
    })
    const alert = {
      match: ZTemplateMatch.parse({ content: { mode: 'contains', value: 'alert' } }),
      fields: [
        severity,
        field({
          name: 'Since',
          type: 'date',
          dateFormat: 'YYYY-MM-DD',
          locator: { kind: 'between', before: 'Since:' },
        }),
        field({ name: 'Host', type: 'text', locator: { kind: 'header', name: 'X-Monitor-Host' } }),
      ],
    }
    const alertMail = (level: string) =>
      mail({
        from: 'alerts@monitor.example',
        headers: { 'x-monitor-host': 'db-3' },
        body: `ALERT: disk almost full\nSeverity: ${level}\nSince: 2026-11-28 09:14 UTC\n`,
      })
    const read = (level: string) => runTemplate(alert, alertMail(level))
    expect(valuesOf(read('P1 - Critical').fields)).toEqual({
      Severity: 'high',
      Since: '2026-11-28',
      Host: 'db-3',
    })
    expect(read('WARNING').fields[0]?.value).toBe('medium')
    expect(read('info.').fields[0]?.value).toBe('low')
    expect(read('ok').fields[0]).toMatchObject({
      value: null,
      raw: 'ok',
      error: TemplateMessages.notAnOption,
    })
    expect(read('ok').passed).toBe(false)
    expect(read('P1').fields[2]?.source).toEqual({ kind: 'header', name: 'x-monitor-host' })
  })

  it('reads a web-form notification: an address, defaults, and a required field it lacks', () => {
    const form = {
      match: ZTemplateMatch.parse({ subject: { mode: 'contains', value: 'New form submission' } }),
      fields: [
        field({
          name: 'Email',
          type: 'email',
          required: true,
          locator: { kind: 'between', before: 'Email:' },
        }),
        field({
          name: 'Company',
          type: 'text',
          default: 'Unknown',
          locator: { kind: 'between', before: 'Company:' },
        }),
        field({ name: 'Budget', type: 'number', locator: { kind: 'between', before: 'Budget:' } }),
        field({
          name: 'Due',
          type: 'date',
          dateFormat: 'DD/MM/YYYY',
          locator: { kind: 'between', before: 'Due:' },
        }),
      ],
    }
    const filled = runTemplate(
      form,
      mail({
        subject: 'New form submission: Contact us',
        body: 'Name: Ada\nEmail:\n  Ada Lovelace <ADA@Customer.example>\nBudget: lots\nDue: 31/02/2026\n',
      }),
    )
    expect(filled.passed).toBe(true)
    expect(filled.fields.map(({ value, error, source }) => ({ value, error, source: source?.kind }))).toEqual(
      [
        { value: 'ada@customer.example', error: null, source: 'text' },
        { value: 'Unknown', error: null, source: 'default' },
        { value: null, error: TemplateMessages.notANumber, source: 'text' },
        { value: null, error: TemplateMessages.notADate('DD/MM/YYYY'), source: 'text' },
      ],
    )
    const empty = runTemplate(form, mail({ subject: 'New form submission', body: 'Name: Ada' }))
    expect(empty).toMatchObject({ matched: true, passed: false })
    expect(empty.fields[0]?.error).toBe(TemplateMessages.required)
    expect(runTemplate(form, mail({ subject: 'Hello' }))).toEqual({
      matched: false,
      passed: false,
      fields: [],
    })
  })
})

describe('patterns', () => {
  it('are refused when RE2 cannot run them, with its reason', () => {
    expect(re2Refusal('(a)\\1')).toContain('invalid escape sequence')
    expect(re2Refusal('Order (?=number)')).toContain('cannot be used')
    expect(re2Refusal('Order number:\\s*(\\S+)')).toBeNull()
  })

  it('run in linear time on text built to make a backtracking engine explode', () => {
    const template = {
      match: ZTemplateMatch.parse({ content: { mode: 'regex', value: '^(a+)+$' } }),
      fields: [field({ name: 'X', type: 'text', locator: { kind: 'regex', pattern: '(\\s*a*)*b' } })],
    }
    const started = performance.now()
    const run = runTemplate(template, mail({ body: `${'a'.repeat(50_000)}!` }))
    expect(run.matched).toBe(false)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})

describe('the regression set and health', () => {
  it('catches a changed layout, naming the field and the value it no longer gives', () => {
    const oldLayout = { name: 'Old', mail: ORDER, expected: { Order: 'A-1042', Total: 1324.5 } }
    const newLayout = {
      name: 'Redesign',
      mail: { ...ORDER, body: ORDER.body.replace('Order number:', 'Your reference:') },
      expected: { Order: 'A-1042', Total: 1324.5 },
    }
    const results = runRegression(ORDER_TEMPLATE, [oldLayout, newLayout])
    expect(results).toEqual([
      { name: 'Old', passed: true, mismatches: [] },
      {
        name: 'Redesign',
        passed: false,
        mismatches: [`Order: expected "A-1042", read nothing (${TemplateMessages.required})`],
      },
    ])
    const recent = [true, false, false].map((passed) => ({ matched: true, passed }))
    const checkedAt = new Date('2026-11-28T12:00:00Z')
    expect(templateHealth({ regression: results.slice(0, 1), recent, checkedAt })).toEqual({
      regressionPassRate: 1,
      failingTestEmails: [],
      recentMatchRate: 1 / 3,
      recentChecked: 3,
      flagged: true,
      checkedAt: '2026-11-28T12:00:00.000Z',
    })
    const unrelated = [{ matched: false, passed: false }, ...recent.slice(0, 1)]
    expect(templateHealth({ regression: results.slice(0, 1), recent: unrelated, checkedAt }).flagged).toBe(
      false,
    )
  })
})

const stored = (
  id: string,
  position: number,
  input: Omit<TStoredTemplate, 'id' | 'name' | 'position' | 'enabled'>,
) => ({
  id,
  name: `Template ${id}`,
  position,
  enabled: true,
  ...input,
})

describe('a ticket’s extraction', () => {
  const anyMail = { match: ZTemplateMatch.parse({}), fields: [] }
  const shop = stored('shop', 2, ORDER_TEMPLATE)

  it('takes the first enabled template by position, and says when none matched', () => {
    expect(extractTicket([stored('all', 5, anyMail), shop], ORDER)).toMatchObject({
      status: ExtractionStatus.extracted,
      templateId: 'shop',
    })
    expect(extractTicket([{ ...shop, enabled: false }, stored('all', 5, anyMail)], ORDER).templateId).toBe(
      'all',
    )
    expect(extractTicket([shop], mail({ from: 'someone@else.example' }))).toEqual({
      status: ExtractionStatus.noTemplate,
      templateId: null,
      templateName: null,
      fields: [],
    })
  })

  it('flags a mail failed, never throwing, when a required field is missing or a template cannot run', () => {
    const missing = extractTicket([shop], { ...ORDER, body: 'Order confirmed' })
    expect(missing).toMatchObject({ status: ExtractionStatus.failed, templateId: 'shop' })
    expect(missing.fields[0]?.error).toBe(TemplateMessages.required)
    // A pattern saved before RE2 checked it (never through the API) makes its template fail, not the mail.
    const broken = stored('broken', 0, {
      match: { sender: null, subject: null, content: { mode: 'regex', value: '(a)\\1' } },
      fields: [],
    })
    expect(extractTicket([broken, shop], ORDER)).toEqual({
      status: ExtractionStatus.failed,
      templateId: 'broken',
      templateName: 'Template broken',
      fields: [],
    })
  })
})
