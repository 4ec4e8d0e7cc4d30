import { describe, expect, it } from 'vitest'
import { TICKET_SHORTCUTS, ticketActionOf } from './ticket-shortcuts'

const press = (key: string, overrides: Partial<Parameters<typeof ticketActionOf>[0]> = {}) =>
  ticketActionOf({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: { tagName: 'BODY' },
    isDialogOpen: false,
    ...overrides,
  })

describe('the ticket page shortcuts', () => {
  it('reads every key the help lists as its action', () => {
    for (const shortcut of TICKET_SHORTCUTS) {
      for (const key of shortcut.keys) expect(press(key)).toBe(shortcut.action)
    }
  })

  it('leaves keys alone while the agent types, with a modifier, or over a dialog', () => {
    expect(press('r', { target: { tagName: 'INPUT' } })).toBeUndefined()
    expect(press('n', { target: { tagName: 'SELECT' } })).toBeUndefined()
    expect(press('a', { target: { tagName: 'DIV', isContentEditable: true } })).toBeUndefined()
    expect(press('r', { ctrlKey: true })).toBeUndefined()
    expect(press('j', { isDialogOpen: true })).toBeUndefined()
    expect(press('x')).toBeUndefined()
  })
})
