import { describe, expect, it } from 'vitest'
import { LIST_SHORTCUTS, listActionOf } from './list-shortcuts'

const press = (key: string, extra: Partial<Parameters<typeof listActionOf>[0]> = {}) =>
  listActionOf({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: { tagName: 'BODY' },
    isDialogOpen: false,
    ...extra,
  })

describe('listActionOf', () => {
  it('maps the listed keys to their actions', () => {
    expect(['j', 'k', 'x', 'o', 'Enter', 'a', 'c', '/', '?'].map((key) => press(key))).toEqual([
      'next',
      'previous',
      'select',
      'open',
      'open',
      'assignToMe',
      'close',
      'search',
      'help',
    ])
    expect(press('q')).toBeUndefined()
  })

  it('leaves typing, modified keys, open dialogs and Enter on a button alone', () => {
    expect(press('j', { target: { tagName: 'INPUT' } })).toBeUndefined()
    expect(press('c', { target: { tagName: 'DIV', isContentEditable: true } })).toBeUndefined()
    expect(press('c', { ctrlKey: true })).toBeUndefined()
    expect(press('?', { isDialogOpen: true })).toBeUndefined()
    expect(press('Enter', { target: { tagName: 'BUTTON' } })).toBeUndefined()
  })

  it('lists every action once in the help', () => {
    expect(new Set(LIST_SHORTCUTS.map((shortcut) => shortcut.action)).size).toBe(LIST_SHORTCUTS.length)
  })
})
