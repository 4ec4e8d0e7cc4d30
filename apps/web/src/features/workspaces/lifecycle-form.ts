import {
  LIFECYCLE_SETTING_NAMES,
  LifecycleMessages,
  LifecycleSettings,
  type TLifecycleSettingName,
  type TLifecycleSettings,
} from '@parsedesk/contracts'
import { z } from 'zod'

export const lifecycleRangeMessage = (name: TLifecycleSettingName) =>
  `A whole number from ${LifecycleSettings[name].min} to ${LifecycleSettings[name].max}`

/** A setting as typed: digits only (no "1e2", no "3.5"), within the server's range. */
const settingText = (name: TLifecycleSettingName) =>
  z
    .string()
    .trim()
    .refine((text) => {
      const value = Number(text)
      return (
        /^\d+$/.test(text) && value >= LifecycleSettings[name].min && value <= LifecycleSettings[name].max
      )
    }, lifecycleRangeMessage(name))

/** The lifecycle section's form: the server's ranges, and a close that comes after the reminder. */
export const ZLifecycleForm = z
  .object({
    csatDelayHours: settingText('csatDelayHours'),
    lockClosedAfterDays: settingText('lockClosedAfterDays'),
    pendingReminderDays: settingText('pendingReminderDays'),
    pendingCloseDays: settingText('pendingCloseDays'),
  })
  .refine((form) => Number(form.pendingCloseDays) > Number(form.pendingReminderDays), {
    path: ['pendingCloseDays'],
    message: LifecycleMessages.closeBeforeReminder,
  })
export type TLifecycleForm = z.input<typeof ZLifecycleForm>

export function lifecycleFormOf(settings: TLifecycleSettings): TLifecycleForm {
  return {
    csatDelayHours: String(settings.csatDelayHours),
    lockClosedAfterDays: String(settings.lockClosedAfterDays),
    pendingReminderDays: String(settings.pendingReminderDays),
    pendingCloseDays: String(settings.pendingCloseDays),
  }
}

/** The workspace preferences a valid form sets, by their preference names. */
export function lifecyclePrefsOf(form: TLifecycleForm): Record<string, number> {
  return Object.fromEntries(
    LIFECYCLE_SETTING_NAMES.map((name) => [LifecycleSettings[name].pref, Number(form[name])]),
  )
}
