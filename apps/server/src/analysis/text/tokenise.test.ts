import { describe, expect, it } from 'vitest'
import { SpecialToken, tokenise } from './tokenise'

describe('tokenise', () => {
  it('lower-cases words and keeps apostrophes inside them', () => {
    expect(tokenise({ text: "I Can't LOG in" })).toEqual(['i', "can't", 'log', 'in'])
  })

  it('replaces links, addresses, amounts and numbers by class tokens', () => {
    const tokens = tokenise({
      text: 'See https://shop.example.com/a?b=1 or mail jane@example.com: paid $49.99 for order 113542617735902, item 42',
    })
    expect(tokens).toEqual([
      'see',
      SpecialToken.url,
      'or',
      'mail',
      SpecialToken.email,
      'paid',
      SpecialToken.money,
      'for',
      'order',
      SpecialToken.longNumber,
      'item',
      SpecialToken.number,
    ])
  })

  it('turns template placeholders of every common style into one token per name', () => {
    const tokens = tokenise({ text: 'Hello <name>, order {{Order Number}} and [acc_num]' })
    expect(tokens).toEqual(['hello', 'xxphname', 'order', 'xxphordernumber', 'and', 'xxphaccnum'])
  })

  it('reads amounts written after the number with a currency code', () => {
    expect(tokenise({ text: 'refund 1.299,00 EUR now' })).toEqual(['refund', SpecialToken.money, 'now'])
  })

  it('keeps accented words whole and folds compatibility characters', () => {
    expect(tokenise({ text: 'Rückerstattung für ﬁle' })).toEqual(['rückerstattung', 'für', 'file'])
  })

  it('treats long mixed letter-digit strings as codes but keeps short ones', () => {
    expect(tokenise({ text: 'win10 AB12345X' })).toEqual(['win10', SpecialToken.code])
  })
})
