import {
  formatSlaSpan,
  RULE_FIELD_SHAPES,
  RuleMessages,
  readRuleMisses,
  type TRuleConditionOutcome,
  type TRuleEvaluation,
  type TRuleMisses,
  type TRuleMissRead,
} from '@parsedesk/contracts'
import { conditionSubject, listed, operatorWords } from './rule-sentence'

/** What the timeline shows for one rule's evaluation: a line, and beneath it what was read and done. */
export type TRuleExplanation = { summary: string; details: string[] }

/** A value as read from the ticket, short enough for a timeline line. */
export function actualWords(actual: unknown): string {
  if (actual === null || actual === undefined || actual === '') return 'empty'
  if (Array.isArray(actual))
    return actual.length === 0 ? 'empty' : listed(actual.map((item) => actualWords(item)))
  if (typeof actual === 'string') return `"${actual}"`
  if (typeof actual === 'number' || typeof actual === 'boolean') return String(actual)
  return JSON.stringify(actual)
}

/** An SLA clock as the rule read it: the minutes left until due (negative past it), or none running. */
function slaWords(actual: unknown): string {
  if (typeof actual !== 'number') return 'not running'
  return actual < 0
    ? `overdue by ${formatSlaSpan(-actual * 60_000)}`
    : `due in ${formatSlaSpan(actual * 60_000)}`
}

/** "the subject was "Refund please": contains, held" — the value the rule read and whether the test held. */
export function describeOutcome(outcome: TRuleConditionOutcome): string {
  const verdict = outcome.matched ? 'held' : 'did not hold'
  const read =
    RULE_FIELD_SHAPES[outcome.field] === 'sla' ? slaWords(outcome.actual) : actualWords(outcome.actual)
  return `${conditionSubject(outcome)} was ${read}: “${operatorWords(outcome.operator)}” ${verdict}`
}

/**
 * A rule's evaluation in words (issue 25: "why did it not fire?" answered on the ticket): which rule, in
 * which pass, each condition's actual value, and what its actions changed. A rule that did not match is
 * logged with its first failing condition only (decision 051), which is the reason it did not fire.
 */
export function explainRuleEvaluation(evaluation: TRuleEvaluation): TRuleExplanation {
  const pass = evaluation.pass > 1 ? ` (pass ${evaluation.pass})` : ''
  const rule = `Rule “${evaluation.ruleName}”`
  const conditions = evaluation.conditions.map(describeOutcome)
  if (!evaluation.matched) {
    const reason = evaluation.conditions.find((outcome) => !outcome.matched)
    const why = reason ? `: ${describeOutcome(reason)}` : ''
    return { summary: `${rule} did not fire${pass}${why}`, details: [] }
  }
  const changed = evaluation.changes.length > 0 ? `: ${evaluation.changes.join(', ')}` : ', changing nothing'
  const read = conditions.length > 0 ? conditions : ['It has no conditions: it applies to every ticket']
  return { summary: `${rule} fired${pass}${changed}`, details: read }
}

/** Why one rule did not fire: its first failing condition, as read. */
function whyNot(miss: TRuleMissRead): string {
  return miss.condition ? describeOutcome(miss.condition) : 'none of its conditions held'
}

/**
 * The rules that did not fire in a pass, kept as one event (decision 067): a lone rule reads as its own
 * evaluation did; several are counted on the line, each named beneath it with the reason it did not fire.
 */
export function explainRuleMisses(misses: TRuleMisses): TRuleExplanation {
  const pass = misses.pass > 1 ? ` (pass ${misses.pass})` : ''
  const rules = readRuleMisses(misses)
  const [only, ...others] = rules
  if (only && others.length === 0)
    return { summary: `Rule “${only.ruleName}” did not fire${pass}: ${whyNot(only)}`, details: [] }
  return {
    summary: `${rules.length} rules did not fire${pass}`,
    details: rules.map((miss) => `“${miss.ruleName}”: ${whyNot(miss)}`),
  }
}

/** The pass cap's line, word for word from the contract; the rules still changing the ticket by name. */
export function explainPassCap(ruleNames: readonly string[]): string {
  return ruleNames.length > 0
    ? `${RuleMessages.passCapReached} (${listed(ruleNames.map((name) => `“${name}”`))} kept changing it)`
    : RuleMessages.passCapReached
}
