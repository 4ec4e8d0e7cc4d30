import { ZWaitlistRequest } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'

const valid = {
  full_name: 'Jane Cooper',
  work_email: 'jane@acme-corp.example',
  company_name: 'Acme',
  monthly_support_tickets: '100-500',
}

function messagesFor(input: Record<string, unknown>) {
  const result = ZWaitlistRequest.safeParse(input)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('demo form validation (the schema the form and the server share)', () => {
  it('accepts a complete work request', () => {
    expect(ZWaitlistRequest.safeParse(valid).success).toBe(true)
  })

  it("shows the spec's message for each field", () => {
    expect(messagesFor({ ...valid, full_name: 'J' })).toEqual({
      full_name: 'Name must be at least 2 characters',
    })
    expect(messagesFor({ ...valid, work_email: 'jane@' })).toEqual({ work_email: 'Invalid email' })
    expect(messagesFor({ ...valid, company_name: 'A' })).toEqual({
      company_name: 'Company name must be at least 2 characters',
    })
    expect(messagesFor({ ...valid, monthly_support_tickets: '' })).toEqual({
      monthly_support_tickets: 'Please select a valid volume',
    })
  })

  it('reports every empty field of an untouched form at once', () => {
    expect(
      messagesFor({ full_name: '', work_email: '', company_name: '', monthly_support_tickets: '' }),
    ).toEqual({
      full_name: 'Name must be at least 2 characters',
      work_email: 'Invalid email',
      company_name: 'Company name must be at least 2 characters',
      monthly_support_tickets: 'Please select a valid volume',
    })
  })

  it.each(['gmail.com', 'YAHOO.com', 'Hotmail.Com', 'outlook.com'])(
    'refuses a personal address on %s',
    (host) => {
      expect(messagesFor({ ...valid, work_email: `jane@${host}` })).toEqual({
        work_email: 'Please use a work email address',
      })
    },
  )

  it('accepts each of the four volumes and nothing else', () => {
    for (const volume of ['less-than-100', '100-500', '500-1000', '1000+']) {
      expect(ZWaitlistRequest.safeParse({ ...valid, monthly_support_tickets: volume }).success).toBe(true)
    }
    expect(messagesFor({ ...valid, monthly_support_tickets: '5000' })).toEqual({
      monthly_support_tickets: 'Please select a valid volume',
    })
  })
})
