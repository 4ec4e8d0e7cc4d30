import { randomInt } from 'node:crypto'
import {
  MessageDirection,
  RuleLimits,
  readsSla,
  ruleMissesOf,
  TicketEventActor,
  TicketEventType,
  type TRuleEvaluation,
  type TRuleKind,
  type TRuleMissRead,
  type TTicketRow,
  uniqueId,
} from '@parsedesk/contracts'
import { insertMessage, messagePermissions } from '../conversations'
import type { TQueryable, TTransaction } from '../db/database'
import { createWorkspaceVersionCache } from '../db/workspace-version-cache'
import {
  AutomationStepOrder,
  AutomationTrigger,
  type TAutomationMail,
  type TAutomationStep,
  type TAutomationSubject,
  type TRouteTickets,
} from '../tickets/ticket-automation'
import {
  changesBetween,
  changeTickets,
  flushDerivations,
  recordTicketEvents,
  type TNewTicketEvent,
} from '../tickets/ticket-events'
import type { TTicketChanges } from '../tickets/ticket-repository'
import { evaluateGroup } from './evaluate-conditions'
import { effectiveChanges, planActions, type TRuleEffect } from './rule-actions'
import type { TRuleFacts } from './rule-facts'
import { readSurroundings, type TTicketSurroundings } from './rule-facts-repository'
import { carryOutActions, type TRuleActionsDeps } from './rule-outbound-actions'
import { listEnabledRules, type TRuleRow } from './rule-repository'

const SYSTEM = { actorType: TicketEventActor.system, actorId: null } as const

const kindOf = (subject: TAutomationSubject): TRuleKind =>
  subject.trigger === AutomationTrigger.created ? 'on-create' : 'on-update'

/** A change as the timeline says it: "priority: low → high". */
function describe(ticket: TTicketRow, changes: Record<string, unknown>): string[] {
  return Object.entries(changes).map(
    ([name, value]) =>
      `${name}: ${JSON.stringify(ticket[name as keyof TTicketRow] ?? null)} → ${JSON.stringify(value ?? null)}`,
  )
}

/**
 * What running one ticket's rules gave: the ticket as they left it and the fields they set on the way, their
 * log, what they asked for besides.
 */
export type TTicketRun = {
  ticket: TTicketRow
  /**
   * Every field a rule changed, at its last value, which may be the original again (`effectiveChanges`
   * leaves those out when written): compared instead of the whole row.
   */
  changed: TTicketChanges
  events: TNewTicketEvent[]
  effects: TRuleEffect[]
  /** The customer's mail that started the run, if one did: what an auto-reply answers. */
  mail: TAutomationMail | null
  requesterName: string | null
}

/**
 * Runs a ticket's rules in order, pass after pass while they change it (at most `RuleLimits.passes`), in
 * memory: the first pass logs every rule (its misses together in one event, each with its first failing
 * condition), later passes the rules that changed the ticket again, and a run stopped by the cap says so.
 */
export function runTicketRules(
  subject: TAutomationSubject,
  rules: readonly TRuleRow[],
  surroundings: TTicketSurroundings,
  now: Date,
  kind: TRuleKind = kindOf(subject),
): TTicketRun {
  const events: TNewTicketEvent[] = []
  const effects: TRuleEffect[] = []
  const on = { ticketId: subject.ticket.id, teamId: subject.ticket.teamId, ...SYSTEM }
  let ticket = subject.ticket
  let set: TTicketChanges = {}
  let before = subject.before
  for (let pass = 1; pass <= RuleLimits.passes; pass++) {
    const passStart = ticket
    const changedBy: string[] = []
    const misses: TRuleMissRead[] = []
    const passEvents = events.length
    // Made again only when a rule changes the ticket: copying the surroundings per rule was most of the
    // evaluation's time with a desk's 50 keyword rules.
    let facts: TRuleFacts = {
      ...surroundings,
      ticket,
      before,
      mail: subject.mail,
      reply: subject.trigger === AutomationTrigger.customerReply,
      now,
    }
    for (const rule of rules) {
      const outcome = evaluateGroup(rule.conditions, facts)
      const evaluation = { ruleId: rule.id, ruleName: rule.name, kind, pass }
      if (!outcome.matched) {
        if (pass === 1) {
          const condition = outcome.outcomes.find((candidate) => !candidate.matched) ?? null
          misses.push({ ruleId: rule.id, ruleName: rule.name, condition })
        }
        continue
      }
      const planned = planActions(ticket, rule.actions)
      const changes = effectiveChanges(ticket, planned.changes)
      const changed = Object.keys(changes).length > 0
      const said = describe(ticket, changes)
      if (pass === 1 || changed) {
        const after: TRuleEvaluation = {
          ...evaluation,
          matched: true,
          conditions: outcome.outcomes,
          changes: said,
        }
        events.push({ ...on, type: TicketEventType.ruleEvaluated, before: null, after })
      }
      if (pass === 1) {
        const by = { id: rule.id, name: rule.name }
        effects.push(...planned.effects.map((effect) => ({ ...effect, rule: by, said })))
      }
      if (changed) {
        changedBy.push(rule.id)
        ticket = { ...ticket, ...changes }
        set = { ...set, ...changes }
        facts = { ...facts, ticket }
      }
      if (rule.stopHere) break
    }
    if (misses.length > 0) {
      // Before the pass's fired rules, whose changes follow them in the log.
      const after = ruleMissesOf(kind, pass, misses)
      events.splice(passEvents, 0, { ...on, type: TicketEventType.ruleMisses, before: null, after })
    }
    if (changedBy.length === 0) break
    if (pass === RuleLimits.passes) {
      events.push({
        ...on,
        type: TicketEventType.rulePassCap,
        before: null,
        after: { passes: pass, ruleIds: changedBy },
      })
    }
    before = passStart
  }
  return {
    ticket,
    changed: set,
    events,
    effects,
    mail: subject.mail,
    requesterName: surroundings.requesterName,
  }
}

/**
 * The rules' automation step: for a batch of tickets, their workspaces' enabled rules of the trigger's
 * kind, evaluated and applied in the caller's transaction; one statement for all the batch's events.
 */
export function createRulesStep(deps: {
  routeTickets: TRouteTickets | undefined
  actions: TRuleActionsDeps
}): TAutomationStep {
  const workspaces = createWorkspaceVersionCache<Map<TRuleKind, TRuleRow[]>>({
    tables: ['rules'],
    async load(tx, teamIds) {
      const byTeam = new Map(teamIds.map((teamId) => [teamId, new Map<TRuleKind, TRuleRow[]>()]))
      for (const rule of await listEnabledRules(tx, teamIds)) {
        const byKind = byTeam.get(rule.teamId)
        byKind?.set(rule.kind, [...(byKind.get(rule.kind) ?? []), rule])
      }
      return byTeam
    },
  })

  async function run(tx: TTransaction, subjects: readonly TAutomationSubject[]): Promise<TTicketRow[]> {
    const byTeam = await workspaces.read(
      tx,
      subjects.map((subject) => subject.ticket.teamId),
    )
    const rulesByKey = new Map<string, TRuleRow[]>()
    for (const subject of subjects) {
      const kind = kindOf(subject)
      const rules = byTeam.get(subject.ticket.teamId)?.get(kind)
      if (rules) rulesByKey.set(`${subject.ticket.teamId}/${kind}`, rules)
    }
    const ruled = subjects.filter((subject) => rulesByKey.has(`${subject.ticket.teamId}/${kindOf(subject)}`))
    if (ruled.length === 0) return subjects.map((subject) => subject.ticket)
    // The clocks they read must follow from the events written so far in this transaction.
    if ([...rulesByKey.values()].some((rules) => rules.some((rule) => readsSla(rule.conditions))))
      await flushDerivations(tx)
    const surroundings = await readSurroundings(
      tx,
      ruled.map((subject) => subject.ticket),
      [...rulesByKey.values()].flat(),
    )
    const now = new Date()
    const events: TNewTicketEvent[] = []
    const runs = ruled.flatMap((subject) => {
      const rules = rulesByKey.get(`${subject.ticket.teamId}/${kindOf(subject)}`) ?? []
      const known = surroundings.get(subject.ticket.id)
      return known ? [{ original: subject.ticket, result: runTicketRules(subject, rules, known, now) }] : []
    })
    const written = await writeTicketRuns(tx, runs, events, deps.actions)
    const rows = new Map(written.map((row) => [row.id, row]))
    const toRoute = written.filter((_, index) =>
      runs[index]?.result.effects.some((effect) => effect.type === 'route'),
    )
    if (toRoute.length > 0 && deps.routeTickets) {
      for (const routed of await deps.routeTickets(tx, toRoute)) rows.set(routed.id, routed)
    }
    await recordTicketEvents(tx, events)
    return subjects.map((subject) => rows.get(subject.ticket.id) ?? subject.ticket)
  }

  return { name: 'rules', order: AutomationStepOrder.rules, run }
}

/**
 * Writes what rules did to a batch's tickets: their changed fields (`changeTickets`: at the end of the
 * automation run, with routing's, or at once outside one), logged as the system's events, then each one's
 * notes, spam marks, replies and webhooks; the events are added to `events` for the caller's one insert.
 * Returns the rows as changed, in the order given.
 */
export async function writeTicketRuns(
  tx: TQueryable,
  runs: readonly { original: TTicketRow; result: TTicketRun }[],
  events: TNewTicketEvent[],
  actions: TRuleActionsDeps,
): Promise<TTicketRow[]> {
  const changed = await changeTickets(
    tx,
    runs.map(({ original, result }) => ({
      row: original,
      changes: effectiveChanges(original, result.changed),
    })),
  )
  const rows: TTicketRow[] = []
  for (const [index, { original, result }] of runs.entries()) {
    events.push(...result.events)
    const row = changed[index] ?? original
    for (const change of changesBetween(original, row)) {
      events.push({ ticketId: row.id, teamId: row.teamId, ...SYSTEM, ...change })
    }
    events.push(...(await applyEffects(tx, row, result.effects)))
    await carryOutActions(tx, actions, row, result)
    rows.push(row)
  }
  return rows
}

/** What rules did to one ticket (a scheduled rule's firing), written as `writeTicketRuns` writes a batch. */
export async function writeTicketRun(
  tx: TQueryable,
  original: TTicketRow,
  result: TTicketRun,
  events: TNewTicketEvent[],
  actions: TRuleActionsDeps,
): Promise<TTicketRow> {
  const [row] = await writeTicketRuns(tx, [{ original, result }], events, actions)
  return row ?? original
}

/** The notes and spam marks matched rules asked for, each logged as a member's would be. */
async function applyEffects(
  tx: TQueryable,
  ticket: TTicketRow,
  effects: readonly TRuleEffect[],
): Promise<TNewTicketEvent[]> {
  const on = { ticketId: ticket.id, teamId: ticket.teamId, ...SYSTEM }
  const events: TNewTicketEvent[] = []
  for (const effect of effects) {
    if (effect.type === 'internal-note') {
      const note = await insertMessage(tx, {
        id: uniqueId(new Date(), () => randomInt(16) / 16),
        ticketId: ticket.id,
        userId: ticket.userId,
        teamId: ticket.teamId,
        direction: MessageDirection.note,
        // Written by the server, not a member: the rule's note has no author address.
        from: '',
        subject: ticket.subject,
        body: effect.body,
        bodyHtml: null,
        cc: [],
        attachmentIds: [],
        rawJson: null,
        messageId: null,
        inboundId: null,
        mailId: null,
        deliveryState: null,
        deliveryError: null,
        sentAt: null,
        createdAt: new Date().toISOString(),
        permissions: messagePermissions(ticket.teamId),
      })
      events.push({ ...on, type: TicketEventType.note, before: null, after: { message: note.id } })
    } else if (effect.type === 'mark-spam') {
      events.push({ ...on, type: TicketEventType.spam, before: null, after: { spam: true, blocked: null } })
    }
  }
  return events
}
