import type { TAnalysisInput, TTicketPriority } from '@parsedesk/contracts'
import type { TUrgencyEmail } from './urgency-emails'

/** How one group of mails fared: what an agent cares about is that the pressing ones come first. */
export type TUrgencyScore = {
  group: string
  mails: number
  /** Of the mails ranked high, the share an agent would rank high too (0 when none was ranked high). */
  highPrecision: number
  /** Of the mails an agent would rank high, the share ranked high. */
  highRecall: number
  lowRecall: number
  accuracy: number
  /** Positions in the file of the high mails not ranked high. */
  missedHigh: number[]
}

/** Per language in order of appearance, then "all", from the priority `rank` gives each mail. */
export function scoreUrgency(options: {
  emails: readonly TUrgencyEmail[]
  rank: (input: TAnalysisInput) => TTicketPriority
}): TUrgencyScore[] {
  const ranked = options.emails.map((email, index) => ({
    index,
    language: email.language,
    expected: email.priority,
    got: options.rank({ subject: email.subject, body: email.body }),
  }))
  const languages = [...new Set(ranked.map((mail) => mail.language))]
  return [
    ...languages.map((language) =>
      scoreGroup(
        language,
        ranked.filter((mail) => mail.language === language),
      ),
    ),
    scoreGroup('all', ranked),
  ]
}

type TRanked = { index: number; expected: TTicketPriority; got: TTicketPriority }

function scoreGroup(group: string, mails: readonly TRanked[]): TUrgencyScore {
  const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole)
  const high = mails.filter((mail) => mail.expected === 'high')
  const rankedHigh = mails.filter((mail) => mail.got === 'high')
  const low = mails.filter((mail) => mail.expected === 'low')
  return {
    group,
    mails: mails.length,
    highPrecision: share(rankedHigh.filter((mail) => mail.expected === 'high').length, rankedHigh.length),
    highRecall: share(high.filter((mail) => mail.got === 'high').length, high.length),
    lowRecall: share(low.filter((mail) => mail.got === 'low').length, low.length),
    accuracy: share(mails.filter((mail) => mail.got === mail.expected).length, mails.length),
    missedHigh: high.filter((mail) => mail.got !== 'high').map((mail) => mail.index),
  }
}

/** The scores as a plain table, one line per group. */
export function formatUrgencyScores(options: { title: string; scores: readonly TUrgencyScore[] }): string {
  const lines = [options.title, 'group  mails  high-P  high-R  low-R  accuracy']
  for (const score of options.scores)
    lines.push(
      `${score.group.padEnd(7)}${String(score.mails).padEnd(7)}${score.highPrecision.toFixed(2).padEnd(8)}${score.highRecall.toFixed(2).padEnd(8)}${score.lowRecall.toFixed(2).padEnd(7)}${score.accuracy.toFixed(2)}`,
    )
  return lines.join('\n')
}
