import type { TTemplateHealth } from '@parsedesk/contracts'

const percent = (rate: number) => `${Math.round(rate * 100)}%`

/**
 * What an admin reads of a flagged template: how much of the recent mail it still reads against its own
 * test emails, so "the vendor changed its layout" is seen before tickets arrive without their fields.
 */
export function healthWarning(health: TTemplateHealth | undefined): string | undefined {
  if (!health?.flagged) return undefined
  const recent =
    health.recentMatchRate === null
      ? 'no recent mail'
      : `${percent(health.recentMatchRate)} of ${health.recentChecked} recent emails`
  const tests =
    health.regressionPassRate === null ? '' : `; test emails pass at ${percent(health.regressionPassRate)}`
  const failing = health.failingTestEmails.length ? ` (failing: ${health.failingTestEmails.join(', ')})` : ''
  return `Match rate dropped: it reads ${recent}${tests}${failing}.`
}
