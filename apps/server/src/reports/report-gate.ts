import { REPORT_MESSAGES, ReportLimits } from '@parsedesk/contracts'
import { AppError } from '../core/app-error'

export type TReportGate = {
  /** Runs `userId`'s report now, or refuses it (429) when they or the process have too many running. */
  run<T>(userId: string, work: () => Promise<T>): Promise<T>
}

/**
 * A report can read a year of a workspace: a member clicking again, or a few members at once, would
 * otherwise hold the database's connections and the server's time between them. Refused at once rather
 * than queued, because a queued report is one its member has usually given up on.
 */
export function createReportGate(
  limits: { perMember: number; perProcess: number } = {
    perMember: ReportLimits.atOncePerMember,
    perProcess: ReportLimits.atOncePerProcess,
  },
): TReportGate {
  const members = new Map<string, number>()
  let running = 0
  return {
    async run(userId, work) {
      const own = members.get(userId) ?? 0
      if (own >= limits.perMember) throw AppError.rateLimited(REPORT_MESSAGES.busyMember)
      if (running >= limits.perProcess) throw AppError.rateLimited(REPORT_MESSAGES.busyServer)
      members.set(userId, own + 1)
      running += 1
      try {
        return await work()
      } finally {
        running -= 1
        const left = (members.get(userId) ?? 1) - 1
        if (left === 0) members.delete(userId)
        else members.set(userId, left)
      }
    },
  }
}
