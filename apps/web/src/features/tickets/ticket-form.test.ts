import { describe, expect, it } from 'vitest'
import { validateTicketForm } from './ticket-form'

const filled = { email: 'sam@example.com', subject: 'App is very slow', body: 'Pages take ages.' }

describe('Create New Ticket validation', () => {
  it('asks for a user before anything else', () => {
    expect(validateTicketForm({ hasUser: false, values: filled })).toBe('User not found')
    expect(validateTicketForm({ hasUser: false, values: { email: '', subject: '', body: '' } })).toBe(
      'User not found',
    )
  })

  it.each(['email', 'subject', 'body'] as const)('refuses an empty %s', (field) => {
    expect(validateTicketForm({ hasUser: true, values: { ...filled, [field]: '' } })).toBe(
      'Please fill in all fields',
    )
    expect(validateTicketForm({ hasUser: true, values: { ...filled, [field]: '   ' } })).toBe(
      'Please fill in all fields',
    )
  })

  it('accepts a complete form', () => {
    expect(validateTicketForm({ hasUser: true, values: filled })).toBeNull()
  })
})
