import { DEFAULT_TICKET_CATEGORIES } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { addCategory, removeCategory, renameCategory } from './category-list'

describe('a workspace’s category list as the settings card edits it', () => {
  it('adds a category before "other" with a key from its name, unique in the list', () => {
    const once = addCategory(DEFAULT_TICKET_CATEGORIES, {
      name: ' Partner requests ',
      description: 'Resellers',
    })
    expect(once.at(-2)).toEqual({
      key: 'partner-requests',
      name: 'Partner requests',
      description: 'Resellers',
    })
    expect(once.at(-1)?.key).toBe('other')
    const twice = addCategory(once, { name: 'Partner Requests!', description: '' })
    expect(twice.at(-2)?.key).toBe('partner-requests-2')
  })

  it('renames by key and never removes "other" or spam', () => {
    const renamed = renameCategory(DEFAULT_TICKET_CATEGORIES, 'billing-payment', {
      name: 'Payments',
      description: 'Money',
    })
    expect(renamed.find((c) => c.key === 'billing-payment')).toEqual({
      key: 'billing-payment',
      name: 'Payments',
      description: 'Money',
    })
    expect(removeCategory(renamed, 'other')).toHaveLength(DEFAULT_TICKET_CATEGORIES.length)
    expect(removeCategory(renamed, 'spam-marketing')).toHaveLength(DEFAULT_TICKET_CATEGORIES.length)
    expect(removeCategory(renamed, 'feedback').map((c) => c.key)).not.toContain('feedback')
  })
})
