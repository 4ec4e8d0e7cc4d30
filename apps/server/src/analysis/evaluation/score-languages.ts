import { CategoryKey, type TAnalysisInput } from '@parsedesk/contracts'
import { familyOfQueue, isInFamily, type TTicketFamily } from './ticket-families'

/** A Tobi-Bueck row as scored: its language, its queue and the priority it was labelled with. */
export type TLanguageRow = { language: string; queue: string; priority: string; input: TAnalysisInput }

export type TLanguageScore = {
  language: string
  rows: number
  /** Rows whose queue belongs to a family, and the share of them filed under a category of that family. */
  familyRows: number
  familyAccuracy: number
  /** The same per family, so a model that calls everything technical cannot hide behind the total. */
  byFamily: Record<TTicketFamily, { rows: number; accuracy: number }>
  otherRate: number
  priorityAccuracy: number
}

/** Family accuracy, share filed "other" and priority accuracy of each language's rows, in order of appearance. */
export function scoreLanguages(options: {
  rows: readonly TLanguageRow[]
  analyse: (input: TAnalysisInput) => { categoryKey: string; priority: string }
}): TLanguageScore[] {
  const tallies = new Map<string, ReturnType<typeof emptyTally>>()
  for (const row of options.rows) {
    const tally = tallies.get(row.language) ?? emptyTally()
    tallies.set(row.language, tally)
    const { categoryKey, priority } = options.analyse(row.input)
    tally.rows++
    if (categoryKey === CategoryKey.other) tally.other++
    if (priority === row.priority.trim()) tally.rightPriority++
    const family = familyOfQueue(row.queue)
    if (!family) continue
    tally.families[family].rows++
    if (isInFamily({ categoryKey, family })) tally.families[family].right++
  }
  return [...tallies].map(([language, tally]) => {
    const families = Object.values(tally.families)
    const familyRows = families.reduce((sum, family) => sum + family.rows, 0)
    const right = families.reduce((sum, family) => sum + family.right, 0)
    const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole)
    const byFamily = Object.fromEntries(
      Object.entries(tally.families).map(([family, { rows, right }]) => [
        family,
        { rows, accuracy: share(right, rows) },
      ]),
    ) as TLanguageScore['byFamily']
    return {
      language,
      rows: tally.rows,
      familyRows,
      familyAccuracy: share(right, familyRows),
      byFamily,
      otherRate: share(tally.other, tally.rows),
      priorityAccuracy: share(tally.rightPriority, tally.rows),
    }
  })
}

function emptyTally() {
  const family = () => ({ rows: 0, right: 0 })
  return {
    rows: 0,
    other: 0,
    rightPriority: 0,
    families: { technical: family(), billing: family(), orders: family() } as Record<
      TTicketFamily,
      { rows: number; right: number }
    >,
  }
}
