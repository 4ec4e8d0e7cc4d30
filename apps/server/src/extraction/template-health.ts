import type { TRegressionResult, TTemplateHealth, TTemplateRun } from '@parsedesk/contracts'

/**
 * A template's health from its regression set and its runs over the mailbox's recent mail. The recent rate
 * is the share of the mail it matched that it read fully (every required field): mail from other senders
 * is not its business, so it does not lower the rate. Flagged when that rate fell below the test emails'
 * pass rate: the template does worse on real mail than on its examples, the mark of a changed layout.
 */
export function templateHealth(input: {
  regression: readonly TRegressionResult[]
  recent: readonly Pick<TTemplateRun, 'matched' | 'passed'>[]
  checkedAt: Date
}): TTemplateHealth {
  const { regression, recent } = input
  const passedTests = regression.filter((result) => result.passed).length
  const regressionPassRate = regression.length ? passedTests / regression.length : null
  const matched = recent.filter((run) => run.matched)
  const recentMatchRate = matched.length ? matched.filter((run) => run.passed).length / matched.length : null
  const flagged =
    recentMatchRate !== null && regressionPassRate !== null && recentMatchRate < regressionPassRate
  return {
    regressionPassRate,
    failingTestEmails: regression.filter((result) => !result.passed).map((result) => result.name),
    recentMatchRate,
    recentChecked: matched.length,
    flagged,
    checkedAt: input.checkedAt.toISOString(),
  }
}
