import { NotificationKind, SlaClockState, type TSlaClockState, type TSlaMetric } from '@parsedesk/contracts'
import type { TSlaClock } from '../clock/sla-clock'

/** What a ledger row says happened to a clock (decision 063). */
export const SlaLedgerKind = {
  activate: 'activate',
  pause: 'pause',
  resume: 'resume',
  fulfil: 'fulfil',
  breach: 'breach',
  reApply: 're-apply',
} as const
export type TSlaLedgerKind = (typeof SlaLedgerKind)[keyof typeof SlaLedgerKind]

/** One clock of a ticket as `sla_clocks` holds it between events. */
export type TClockRecord = {
  runStart: number
  policyId: string | null
  state: TSlaClockState
  targetMinutes: number
  businessHours: boolean
  dueAt: number | null
  warnAt: number | null
  /** When its 75% warning, or its breach, was told (or recorded): each once per run. */
  warnedAt: number | null
  breachedAt: number | null
}

export type TLedgerEntry = {
  kind: TSlaLedgerKind
  at: number
  runStart: number
  policyId: string | null
  targetMinutes: number | null
  businessHours: boolean | null
  usedMs: number | null
  dueAt: number | null
}

export type TSlaAlertKind = typeof NotificationKind.slaWarning | typeof NotificationKind.slaBreached

export type TClockChanges = {
  ledger: TLedgerEntry[]
  /** The record to keep, or null for none; `changed` says whether it differs from the stored one. */
  next: TClockRecord | null
  changed: boolean
  alerts: TSlaAlertKind[]
}

const sameRecord = (a: TClockRecord | null, b: TClockRecord | null) =>
  a === b ||
  (a !== null && b !== null && (Object.keys(a) as (keyof TClockRecord)[]).every((key) => a[key] === b[key]))

/**
 * Compares a clock as the ticket's events now give it (`clock`, from `ticketSla` at `now`) with the record
 * the ledger last left (`stored`), and says what to append: a new run is activated; a change of policy or
 * target is a re-apply (the time used is the clock's, so it is kept); a breach is written once per run,
 * at its due time; then the change of state (pause, resume, fulfil, or activate again after a reopen).
 * A running clock at 75% warns once per run, and a breach alerts once (a breach without a warning skips it).
 */
export function clockChanges(
  stored: TClockRecord | null,
  clock: TSlaClock | null,
  policyId: string | null,
  now: number,
): TClockChanges {
  if (!clock) {
    // A fulfilled run whose target no longer applies has nothing left to say: it is just forgotten.
    if (!stored || stored.state === SlaClockState.fulfilled)
      return { ledger: [], next: null, changed: stored !== null, alerts: [] }
    return {
      ledger: [
        {
          kind: SlaLedgerKind.reApply,
          at: now,
          runStart: stored.runStart,
          policyId,
          targetMinutes: null,
          businessHours: null,
          usedMs: null,
          dueAt: null,
        },
      ],
      next: null,
      changed: true,
      alerts: [],
    }
  }
  const targetMinutes = clock.targetMs / 60_000
  const entry = (kind: TSlaLedgerKind, at: number): TLedgerEntry => ({
    kind,
    at,
    runStart: clock.start,
    policyId,
    targetMinutes,
    businessHours: clock.businessHours,
    usedMs: Math.round(clock.usedMs),
    dueAt: clock.dueAt,
  })
  const sameRun = stored !== null && stored.runStart === clock.start
  const ledger: TLedgerEntry[] = []
  const reApplied =
    sameRun &&
    (stored.policyId !== policyId ||
      stored.targetMinutes !== targetMinutes ||
      stored.businessHours !== clock.businessHours)
  if (!sameRun) ledger.push(entry(SlaLedgerKind.activate, now))
  else if (reApplied) ledger.push(entry(SlaLedgerKind.reApply, now))

  const breachedBefore = sameRun ? stored.breachedAt : null
  const newlyBreached = clock.breached && breachedBefore === null
  if (newlyBreached) ledger.push(entry(SlaLedgerKind.breach, Math.min(clock.dueAt ?? now, now)))

  const stateBefore = sameRun ? stored.state : SlaClockState.active
  if (clock.state !== stateBefore) {
    const kind =
      clock.state === SlaClockState.paused
        ? SlaLedgerKind.pause
        : clock.state === SlaClockState.fulfilled
          ? SlaLedgerKind.fulfil
          : stateBefore === SlaClockState.paused
            ? SlaLedgerKind.resume
            : SlaLedgerKind.activate
    ledger.push(entry(kind, now))
  }

  const running = clock.state === SlaClockState.active
  const warnedBefore = sameRun ? stored.warnedAt : null
  const alerts: TSlaAlertKind[] = []
  if (running && newlyBreached) alerts.push(NotificationKind.slaBreached)
  else if (
    running &&
    !clock.breached &&
    warnedBefore === null &&
    clock.warnAt !== null &&
    clock.warnAt <= now
  )
    alerts.push(NotificationKind.slaWarning)
  const next: TClockRecord = {
    runStart: clock.start,
    policyId,
    state: clock.state,
    targetMinutes,
    businessHours: clock.businessHours,
    dueAt: clock.dueAt,
    warnAt: clock.warnAt,
    // A breach told first leaves no warning to tell.
    warnedAt: warnedBefore ?? (alerts.length > 0 || clock.breached ? now : null),
    // Only a re-apply giving the run more time than it used clears a breach (a later one is written again).
    breachedAt: clock.breached ? (breachedBefore ?? now) : reApplied ? null : breachedBefore,
  }
  return { ledger, next, changed: !sameRecord(stored, next), alerts }
}

/** The notification's cause: one per member, kind and run of a ticket's clock. */
export const alertCause = (kind: TSlaAlertKind, ticketId: string, metric: TSlaMetric, runStart: number) =>
  `${kind}:${ticketId}:${metric}:${runStart}`
