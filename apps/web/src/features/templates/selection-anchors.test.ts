import { describe, expect, it } from 'vitest'
import { findByAnchors, proposeAnchors, proposeKey, proposeType } from './selection-anchors'

const ORDER = [
  'Thank you for your order!',
  '',
  'Order number: 10042-A',
  'Total: 129.90 EUR   Paid by card',
  '',
  'Customer:',
  'Ada Lovelace',
  '',
  'Questions? Reply to this email.',
].join('\n')

const NEXT_ORDER = ORDER.replace('10042-A', '20077-C')
  .replace('129.90', '5.00')
  .replace('Ada Lovelace', 'Grace Hopper')

/** The selection of `value` in `text`, as a mouse drag gives it (offsets into the shown text). */
const select = (text: string, value: string) => {
  const start = text.indexOf(value)
  return [start, start + value.length] as const
}

describe('anchors proposed for a selected value', () => {
  it('takes the label before the value on its line, and nothing after when the value ends the line', () => {
    const anchors = proposeAnchors(ORDER, ...select(ORDER, '10042-A'))
    expect(anchors).toEqual({ value: '10042-A', before: 'Order number: ', after: '', unique: true })
    expect(findByAnchors(NEXT_ORDER, anchors ?? { before: '', after: '' })).toBe('20077-C')
  })

  it('stops the value before the text that follows it on the line', () => {
    const anchors = proposeAnchors(ORDER, ...select(ORDER, '129.90'))
    expect(anchors?.before).toBe('Total: ')
    expect(anchors?.after).toBe(' EUR')
    expect(findByAnchors(NEXT_ORDER, anchors ?? { before: '', after: '' })).toBe('5.00')
  })

  it('uses the label line above when the value starts its own line', () => {
    const anchors = proposeAnchors(ORDER, ...select(ORDER, 'Ada Lovelace'))
    expect(anchors?.before).toBe('Customer:\n')
    expect(findByAnchors(NEXT_ORDER, anchors ?? { before: '', after: '' })).toBe('Grace Hopper')
  })

  it('leaves spaces a sloppy drag caught out of the value', () => {
    const [start, end] = select(ORDER, ' 10042-A')
    expect(proposeAnchors(ORDER, start, end + 1)?.value).toBe('10042-A')
    expect(proposeAnchors(ORDER, end, start)?.value).toBe('10042-A')
  })

  it('grows a label that occurs twice until it points at one value', () => {
    const text = 'Ship to\nName: Ada\nBill to\nName: Grace\n'
    const anchors = proposeAnchors(text, ...select(text, 'Grace'))
    expect(anchors?.unique).toBe(true)
    expect(anchors?.before.endsWith('Name: ')).toBe(true)
    expect(
      findByAnchors('Ship to\nName: Ann\nBill to\nName: Linus\n', anchors ?? { before: '', after: '' }),
    ).toBe('Linus')
  })

  it('proposes nothing for an empty or blank selection', () => {
    expect(proposeAnchors(ORDER, 5, 5)).toBeUndefined()
    const blank = ORDER.indexOf('\n\n')
    expect(proposeAnchors(ORDER, blank, blank + 2)).toBeUndefined()
  })

  it('finds nothing in a mail of another layout', () => {
    const anchors = proposeAnchors(ORDER, ...select(ORDER, '10042-A'))
    expect(findByAnchors('Your ticket was received.', anchors ?? { before: '', after: '' })).toBeUndefined()
  })
})

describe('the type and key proposed for a value', () => {
  it('reads numbers, dates, emails and addresses', () => {
    expect(proposeType('129.90')).toBe('number')
    expect(proposeType('1,299.00')).toBe('number')
    expect(proposeType('€ 12')).toBe('number')
    expect(proposeType('2026-11-28')).toBe('date')
    expect(proposeType('28/11/2026')).toBe('date')
    expect(proposeType('ada@example.com')).toBe('email')
    expect(proposeType('https://shop.example/orders/1')).toBe('url')
    expect(proposeType('10042-A')).toBe('text')
  })

  it('turns the field’s name into a key', () => {
    expect(proposeKey('Order number')).toBe('order_number')
    expect(proposeKey('Numéro de commande')).toBe('numero_de_commande')
    expect(proposeKey('1st line')).toBe('f_1st_line')
  })
})
