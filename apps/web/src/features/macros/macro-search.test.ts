import { describe, expect, it } from 'vitest'
import { matchingMacros } from './macro-search'

const macros = [
  { name: 'Refund sent', body: 'Hi {{requester.firstName}}, your refund is on its way.' },
  { name: 'Password reset', body: 'Use the link to choose a new password.' },
  { name: 'Billing question', body: 'Your invoice lists every charge; a refund takes 5 days.' },
]

describe('matchingMacros', () => {
  it('offers every macro when nothing is typed', () => {
    expect(matchingMacros(macros, '  ')).toEqual(macros)
  })

  it('finds by any part of the name or the text, names first, every word required', () => {
    expect(matchingMacros(macros, 'REF').map((macro) => macro.name)).toEqual([
      'Refund sent',
      'Billing question',
    ])
    expect(matchingMacros(macros, 'invoice').map((macro) => macro.name)).toEqual(['Billing question'])
    expect(matchingMacros(macros, 'refund days').map((macro) => macro.name)).toEqual(['Billing question'])
    expect(matchingMacros(macros, 'shipping')).toEqual([])
  })
})
