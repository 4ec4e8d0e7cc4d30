import { ZTemplateDraft } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { describeSource, valueFromInput } from './extraction-view'
import { draftProblems, editMatch } from './template-draft-state'
import {
  expectedValues,
  fieldFromSelection,
  gridFieldsOf,
  optionsText,
  parseOptions,
  targetOf,
  targetValue,
  withLocatorKind,
  withTarget,
} from './template-fields'
import { healthWarning } from './template-health'

const ORDER_FIELD = fieldFromSelection({
  label: 'Order number',
  key: 'order_number',
  before: 'Order number: ',
  after: '',
  type: 'text',
  sampleValue: '10042-A',
})

const draft = (fields = [ORDER_FIELD]) => ({
  name: 'Shop orders',
  position: 0,
  enabled: true,
  match: { sender: null, subject: null, content: null },
  fields,
  testEmails: [],
})

describe('a template field made from a selection', () => {
  it('is a between-anchors field the contract accepts, and the page can look for', () => {
    expect(ZTemplateDraft.safeParse(draft()).success).toBe(true)
    expect(ORDER_FIELD.locator).toEqual({
      kind: 'between',
      in: 'body',
      before: 'Order number: ',
      after: null,
    })
    expect(gridFieldsOf([ORDER_FIELD])).toEqual([
      { key: 'Order number', before: 'Order number: ', after: '' },
    ])
  })

  it('reads a date in the format it was written in', () => {
    const due = fieldFromSelection({ ...ORDER_FIELD_INPUT, type: 'date', sampleValue: '28.11.2026' })
    expect(due.dateFormat).toBe('DD.MM.YYYY')
  })

  it('turns its label into a pattern or a table row when the admin picks another way to find it', () => {
    const regex = withLocatorKind(ORDER_FIELD, 'regex')
    expect(regex.locator).toEqual({ kind: 'regex', in: 'body', pattern: 'Order number:\\s*(.+)', group: 1 })
    expect(withLocatorKind(ORDER_FIELD, 'tableRow').locator).toEqual({
      kind: 'tableRow',
      label: 'Order number',
      column: 1,
    })
    // Only between-anchors fields are in the page's grid: the server's preview runs the rest.
    expect(gridFieldsOf([regex])).toEqual([])
  })

  it('takes the type and options of the custom field it fills, and the priorities for the priority', () => {
    const tier = {
      key: 'tier',
      type: 'choice' as const,
      dateFormat: null,
      options: [{ value: 'gold', synonyms: ['vip'] }],
    }
    const filled = withTarget(ORDER_FIELD, targetOf('customField:tier'), [tier])
    expect(filled).toMatchObject({
      type: 'choice',
      options: tier.options,
      target: { kind: 'customField', key: 'tier' },
    })
    expect(targetValue(filled.target)).toBe('customField:tier')
    const priority = withTarget(ORDER_FIELD, targetOf('priority'), [])
    expect(ZTemplateDraft.safeParse(draft([priority])).success).toBe(true)
    expect(priority.options.find((option) => option.value === 'high')?.synonyms).toContain('P1')
  })
})

const ORDER_FIELD_INPUT = {
  label: 'Due',
  key: 'due',
  before: 'Due: ',
  after: '',
  type: 'text' as const,
  sampleValue: '',
}

describe('the editor’s text forms', () => {
  it('reads options with their synonyms one a line, and writes them back the same way', () => {
    const text = 'high: P1, urgent\nlow'
    expect(parseOptions(text)).toEqual([
      { value: 'high', synonyms: ['P1', 'urgent'] },
      { value: 'low', synonyms: [] },
    ])
    expect(optionsText(parseOptions(text))).toBe(text)
  })

  it('turns a match condition off, and keeps its mode while its text is typed', () => {
    const match = { sender: null, subject: null, content: null }
    const on = editMatch(match, 'sender', { mode: 'contains' })
    expect(editMatch(on, 'sender', { value: 'shop.example' }).sender).toEqual({
      mode: 'contains',
      value: 'shop.example',
    })
    expect(editMatch(on, 'sender', { mode: '' }).sender).toBeNull()
  })

  it('puts the contract’s refusals under the field they concern, and RE2’s reason for a pattern', () => {
    const problems = draftProblems(
      draft([{ ...ORDER_FIELD, locator: { kind: 'regex', in: 'body', pattern: '(a+)+\\1', group: 1 } }]),
    )
    expect(problems.fields.get(0)).toMatch(/^This pattern cannot be used/)
    expect(draftProblems({ ...draft(), name: '' }).other).toHaveLength(1)
  })
})

describe('what the ticket and the list say', () => {
  it('names where a value came from and reads a typed value', () => {
    expect(describeSource({ kind: 'text', in: 'body', start: 3, end: 9, line: 4 })).toBe('line 4 of the body')
    expect(describeSource({ kind: 'header', name: 'x-priority' })).toBe('header x-priority')
    expect(valueFromInput('number', '1,299.5')).toBe(1299.5)
    expect(valueFromInput('number', 'lots')).toBeUndefined()
    expect(valueFromInput('text', '  ')).toBeNull()
  })

  it('warns of a flagged template with its rates, and says nothing of a healthy one', () => {
    const health = {
      regressionPassRate: 1,
      failingTestEmails: [],
      recentMatchRate: 0.4,
      recentChecked: 10,
      flagged: true,
      checkedAt: null,
    }
    expect(healthWarning(health)).toBe(
      'Match rate dropped: it reads 40% of 10 recent emails; test emails pass at 100%.',
    )
    expect(healthWarning({ ...health, flagged: false })).toBeUndefined()
    expect(
      expectedValues({
        fields: [{ name: 'Total', target: { kind: 'none' }, value: 5, raw: '5', source: null, error: null }],
      }),
    ).toEqual({ Total: 5 })
  })
})
