import {
  compileRulePattern,
  RuleLimits,
  type TRuleCondition,
  type TRuleConditionOutcome,
  type TRuleGroup,
} from '@parsedesk/contracts'
import { readField, slaBreached, slaClockOf, type TFieldValue, type TRuleFacts } from './rule-facts'

/** Compiled patterns, kept across evaluations: a workspace's few patterns are compiled once. */
const PATTERNS = new Map<string, { test(input: string): boolean }>()
const MAX_CACHED_PATTERNS = 1000

function pattern(source: string): { test(input: string): boolean } {
  const cached = PATTERNS.get(source)
  if (cached) return cached
  // Saved patterns were checked by the contract; one that no longer compiles throws and fails the rule.
  const compiled = compileRulePattern(source)
  if (PATTERNS.size >= MAX_CACHED_PATTERNS) PATTERNS.clear()
  PATTERNS.set(source, compiled)
  return compiled
}

const texts = (value: TFieldValue): string[] =>
  value === null ? [] : Array.isArray(value) ? value : [String(value)]

const isLetterOrDigit = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}_]/u.test(char)

/** Whether `text` holds `word` (or phrase) as a whole word, any case: a scan, linear in the text. */
function holdsWord(text: string, word: string): boolean {
  const haystack = text.toLowerCase()
  const needle = word.toLowerCase()
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (!isLetterOrDigit(haystack[at - 1]) && !isLetterOrDigit(haystack[at + needle.length])) return true
  }
  return false
}

const sameText = (a: TFieldValue, b: TFieldValue) => JSON.stringify(a) === JSON.stringify(b)

function asNumber(value: TFieldValue): number | null {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return null
}

/** Whether the condition holds on the facts, before `negate`. */
function holds(condition: TRuleCondition, actual: TFieldValue, facts: TRuleFacts): boolean {
  const { operator, value } = condition
  const wanted = typeof value === 'string' ? value.toLowerCase() : ''
  const words = Array.isArray(value) ? value : []
  switch (operator) {
    case 'equals':
      return texts(actual).some((text) => text.toLowerCase() === wanted)
    case 'not-equals':
      return !texts(actual).some((text) => text.toLowerCase() === wanted)
    case 'contains':
      return texts(actual).some((text) => text.toLowerCase().includes(wanted))
    case 'not-contains':
      return !texts(actual).some((text) => text.toLowerCase().includes(wanted))
    case 'any-words':
      return texts(actual).some((text) => words.some((word) => holdsWord(text, word)))
    case 'none-words':
      return !texts(actual).some((text) => words.some((word) => holdsWord(text, word)))
    case 'regex':
      return texts(actual).some((text) => pattern(String(value)).test(text.slice(0, RuleLimits.input)))
    case 'is-empty':
      return texts(actual).every((text) => text === '')
    case 'is-not-empty':
      return texts(actual).some((text) => text !== '')
    case 'changed':
    case 'changed-to': {
      if (!facts.before) return false
      const was = readField(facts, condition.field, condition.key, facts.before)
      if (sameText(was, actual)) return false
      return operator === 'changed' || texts(actual).some((text) => text.toLowerCase() === wanted)
    }
    case 'greater-than':
    case 'less-than': {
      const number = asNumber(actual)
      if (number === null || typeof value !== 'number') return false
      return operator === 'greater-than' ? number > value : number < value
    }
    case 'breached':
      return slaBreached(slaClockOf(facts, condition.field), facts.now)
    case 'due-within': {
      // Only a running clock is due; a paused one waits, a breached one is past "due within".
      const clock = slaClockOf(facts, condition.field)
      if (clock?.state !== 'active' || clock.dueAt === null || slaBreached(clock, facts.now)) return false
      return typeof value === 'number' && clock.dueAt.getTime() - facts.now.getTime() <= value * 60_000
    }
  }
}

/** What the timeline shows of a value: texts cut to 200 characters, lists to 20 entries. */
function shown(value: TFieldValue): TFieldValue {
  if (typeof value === 'string') return value.slice(0, 200)
  if (typeof value === 'number') return Math.round(value * 100) / 100
  if (Array.isArray(value)) return value.slice(0, 20).map((entry) => entry.slice(0, 200))
  return null
}

export type TGroupOutcome = { matched: boolean; outcomes: TRuleConditionOutcome[] }

/**
 * Evaluates a group, stopping as soon as its answer is known ("all" at the first failure, "any" at the
 * first match); `outcomes` lists every condition read, in order, with what it read.
 */
export function evaluateGroup(group: TRuleGroup, facts: TRuleFacts, path: number[] = []): TGroupOutcome {
  const outcomes: TRuleConditionOutcome[] = []
  const all = group.match === 'all'
  for (const [index, entry] of group.conditions.entries()) {
    const at = [...path, index]
    let matched: boolean
    if (entry.type === 'group') {
      const inner = evaluateGroup(entry, facts, at)
      outcomes.push(...inner.outcomes)
      matched = inner.matched
    } else {
      const actual = readField(facts, entry.field, entry.key)
      matched = holds(entry, actual, facts) !== entry.negate
      outcomes.push({
        path: at,
        field: entry.field,
        key: entry.key,
        operator: entry.operator,
        actual: shown(actual),
        matched,
      })
    }
    if (all && !matched) return { matched: false, outcomes }
    if (!all && matched) return { matched: true, outcomes }
  }
  // An empty "all" group matches every ticket (a rule for all of them); an empty "any" group none.
  return { matched: all, outcomes }
}
