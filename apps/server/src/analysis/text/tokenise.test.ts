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

  it('stops after maxTokens', () => {
    expect(tokenise({ text: 'one two three four', maxTokens: 2 })).toEqual(['one', 'two'])
  })

  it('reads an address only where a valid domain follows its "@", whatever stands before it', () => {
    expect(tokenise({ text: 'mail a.b_c@x.co now' })).toEqual(['mail', SpecialToken.email, 'now'])
    expect(tokenise({ text: 'x_y@z.co or ab@c' })).toEqual([SpecialToken.email, 'or', 'ab', 'c'])
    expect(tokenise({ text: 'to a.b.c@ x' })).toEqual(['to', 'a', 'b', 'c', 'x'])
    // \b looks at ASCII word characters only, so an address cannot start right after a CJK letter.
    expect(tokenise({ text: '日本@例え.jp' })).toEqual(['日本', '例え', 'jp'])
  })

  it('reads an amount before or after a currency, and a number that does not end at one as numbers', () => {
    expect(tokenise({ text: 'pay 1.299,00 eur, $5 or 7 usd but not 1.2. usd' })).toEqual([
      'pay',
      SpecialToken.money,
      SpecialToken.money,
      'or',
      SpecialToken.money,
      'but',
      'not',
      SpecialToken.number,
      SpecialToken.number,
      'usd',
    ])
  })
})
