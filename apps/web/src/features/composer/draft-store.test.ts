import { describe, expect, it, vi } from 'vitest'
import { clearDraft, EMPTY_DRAFT, isEmptyDraft, readDraft, type TDraft, writeDraft } from './draft-store'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

const DRAFT: TDraft = {
  mode: 'reply',
  html: '<p>Hi <strong>Dana</strong></p>',
  cc: ['ops@customer.example'],
  attachments: [{ id: 'file1', name: 'log.txt', size: 120 }],
  macro: { name: 'Fixed', actions: { status: 'pending', addTags: ['fixed'], assignee: { kind: 'keep' } } },
}

describe('the draft store', () => {
  it('keeps a draft per ticket until it is cleared', () => {
    const storage = memoryStorage()
    writeDraft(storage, 't1', DRAFT)
    writeDraft(storage, 't2', { ...DRAFT, html: '<p>Other</p>' })
    expect(readDraft(storage, 't1')).toEqual(DRAFT)
    expect(readDraft(storage, 't2')?.html).toBe('<p>Other</p>')
    clearDraft(storage, 't1')
    expect(readDraft(storage, 't1')).toBeUndefined()
    expect(readDraft(storage, 't2')).toBeDefined()
  })

  it('keeps nothing for an empty composer, and forgets a draft emptied by hand', () => {
    const storage = memoryStorage()
    writeDraft(storage, 't1', { ...EMPTY_DRAFT, html: '<p></p>' })
    expect(storage.items.size).toBe(0)
    writeDraft(storage, 't1', DRAFT)
    writeDraft(storage, 't1', { ...EMPTY_DRAFT, html: '<p> &nbsp;</p>' })
    expect(readDraft(storage, 't1')).toBeUndefined()
    expect(isEmptyDraft({ ...EMPTY_DRAFT, attachments: DRAFT.attachments })).toBe(false)
  })

  it('reads what it cannot trust (broken JSON, another shape) as no draft', () => {
    const storage = memoryStorage()
    storage.setItem('parsedesk:draft:t1', '{not json')
    storage.setItem('parsedesk:draft:t2', JSON.stringify({ mode: 'tweet', html: 1 }))
    expect(readDraft(storage, 't1')).toBeUndefined()
    expect(readDraft(storage, 't2')).toBeUndefined()
  })

  it('lets the agent type on when the browser refuses to store', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(() => writeDraft(full, 't1', DRAFT)).not.toThrow()
    expect(error).toHaveBeenCalled()
    error.mockRestore()
  })
})
