import { describe, expect, it } from 'vitest'
import {
  AUTOMATIC_SENDER_PATTERN,
  LifecycleMessages,
  lifecyclePrefsProblem,
  lifecycleSettingsOf,
  SURVEY_LANGUAGES,
  SURVEY_TEXTS,
  surveyLanguageOfHeader,
  ZSurveyToken,
} from './satisfaction'
import { ZTeamPrefsUpdate } from './teams'

describe('satisfaction and the ticket lifecycle', () => {
  it('reads a workspace’s clocks, each its default when unset or out of range', () => {
    expect(lifecycleSettingsOf(undefined)).toEqual({
      csatDelayHours: 24,
      lockClosedAfterDays: 14,
      pendingReminderDays: 3,
      pendingCloseDays: 7,
    })
    expect(
      lifecycleSettingsOf({ csatDelayHours: 0, pendingCloseDays: 999, lockClosedAfterDays: '3' }),
    ).toMatchObject({
      csatDelayHours: 0,
      pendingCloseDays: 7,
      lockClosedAfterDays: 14,
    })
  })

  it('refuses a fraction, a number out of range and a close before the reminder, in the preferences too', () => {
    expect(lifecyclePrefsProblem({ csatDelayHours: 1.5 })).toBe(
      'csatDelayHours is a whole number from 0 to 720',
    )
    expect(lifecyclePrefsProblem({ lockClosedAfterDays: 0 })).toBe(
      'lockClosedAfterDays is a whole number from 1 to 365',
    )
    expect(lifecyclePrefsProblem({ pendingReminderDays: 7 })).toBe(LifecycleMessages.closeBeforeReminder)
    expect(
      lifecyclePrefsProblem({ pendingReminderDays: 2, pendingCloseDays: 3, fromName: 'workspace' }),
    ).toBeUndefined()
    expect(
      ZTeamPrefsUpdate.safeParse({ prefs: { pendingReminderDays: 9, pendingCloseDays: 8 } }).success,
    ).toBe(false)
    expect(
      ZTeamPrefsUpdate.safeParse({ prefs: { pendingReminderDays: 2, pendingCloseDays: 8 } }).success,
    ).toBe(true)
  })

  it('speaks the browser’s best language of ours, English when none', () => {
    expect(surveyLanguageOfHeader('de-CH,de;q=0.9,en;q=0.8')).toBe('de')
    expect(surveyLanguageOfHeader('ja,fr;q=0.5,es;q=0.7')).toBe('es')
    expect(surveyLanguageOfHeader('pt;q=0,fr;q=0.1')).toBe('fr')
    expect(surveyLanguageOfHeader('ja')).toBe('en')
    expect(surveyLanguageOfHeader(undefined)).toBe('en')
    expect(surveyLanguageOfHeader('x'.repeat(10_000))).toBe('en')
  })

  it('has every text in every language, with the ticket’s number in its subjects', () => {
    for (const language of SURVEY_LANGUAGES) {
      const texts = SURVEY_TEXTS[language]
      expect(Object.keys(texts).sort()).toEqual(Object.keys(SURVEY_TEXTS.en).sort())
      expect(texts.subject).toContain('{number}')
      expect(texts.reminderSubject).toContain('{number}')
    }
  })

  it('knows automatic senders and the token’s shape', () => {
    for (const address of ['no-reply@shop.example', 'noreply+x@a.example', 'MAILER-DAEMON@mx.example'])
      expect(AUTOMATIC_SENDER_PATTERN.test(address)).toBe(true)
    for (const address of ['nora@shop.example', 'replyguy@a.example', 'notifier@x.example'])
      expect(AUTOMATIC_SENDER_PATTERN.test(address)).toBe(false)
    expect(ZSurveyToken.safeParse('A'.repeat(43)).success).toBe(true)
    expect(ZSurveyToken.safeParse('A'.repeat(42)).success).toBe(false)
    expect(ZSurveyToken.safeParse(`${'A'.repeat(42)}/`).success).toBe(false)
  })
})
