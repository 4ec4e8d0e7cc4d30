import { LifecycleMessages } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { lifecycleFormOf, lifecyclePrefsOf, lifecycleRangeMessage, ZLifecycleForm } from './lifecycle-form'

const saved = lifecycleFormOf({
  csatDelayHours: 24,
  lockClosedAfterDays: 14,
  pendingReminderDays: 3,
  pendingCloseDays: 7,
})

const problems = (form: typeof saved) =>
  ZLifecycleForm.safeParse(form).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []

describe('the lifecycle form', () => {
  it('saves the numbers as typed under their preference names', () => {
    expect(problems(saved)).toEqual([])
    expect(lifecyclePrefsOf({ ...saved, pendingCloseDays: ' 10 ' })).toEqual({
      csatDelayHours: 24,
      lockClosedAfterDays: 14,
      pendingReminderDays: 3,
      pendingCloseDays: 10,
    })
  })

  it('refuses a close that does not come after the reminder, on the close', () => {
    expect(problems({ ...saved, pendingReminderDays: '5', pendingCloseDays: '5' })).toEqual([
      ['pendingCloseDays', LifecycleMessages.closeBeforeReminder],
    ])
  })

  it('refuses what the server would: fractions, exponents, blanks and numbers out of range', () => {
    for (const text of ['3.5', '1e1', '', '0', '91']) {
      expect(problems({ ...saved, pendingReminderDays: text, pendingCloseDays: '100' })).toContainEqual([
        'pendingReminderDays',
        lifecycleRangeMessage('pendingReminderDays'),
      ])
    }
    expect(problems({ ...saved, csatDelayHours: '0' })).toEqual([])
  })
})
