import type { TTicketPriority } from '@parsedesk/contracts'
import { matchesOf } from '../text/matches-of'

/** One thing an agent weighs when ranking a ticket. */
export type TPriorityRule = {
  id: string
  /** Finishes the sentence "Priority ... because the ticket ..." */
  reason: string
  /**
   * Added once for each different phrase the pattern finds, up to maxHits (default 1): a ticket that
   * says "urgent", "critical" and "immediately" presses harder than one that says "urgent" once.
   */
  points: number
  maxHits?: number
  /** Where the rule looks; the whole ticket unless set. */
  scope?: 'subject'
  /** Only tickets where such a rule fired can come out low; other negative rules just hold a ticket back from high. */
  suggestsLow?: boolean
  pattern: RegExp
}

/**
 * Every rule a person can read and argue with. Points were set by hand from what each signal means to an
 * agent; the thresholds were chosen on the even rows of the Tobi-Bueck dev file and checked on its odd rows
 * (see `cli/evaluate-priority.ts`). Nothing is fitted automatically.
 */
export const PRIORITY_RULES: readonly TPriorityRule[] = [
  {
    id: 'security',
    reason: 'reports a security problem',
    points: 3,
    pattern:
      /\b(?:security (?:breach|incident|issue|problem|vulnerabilit(?:y|ies))|data (?:breach|leak)|breach(?:ed)?|leak(?:ed|s)?|hack(?:ed|er|ers|ing)?|unauthori[sz]ed|phishing|malware|ransomware|virus|compromised|suspicious (?:login|activity|transaction|email)s?|stolen|identity theft|fraud(?:ulent)?)\b/i,
  },
  {
    id: 'data-loss',
    reason: 'reports lost or damaged data',
    points: 3,
    pattern:
      /\b(?:data loss|los[ts]\b.{0,30}\b(?:data|files|documents|records|emails)|(?:data|files|documents|records|emails) (?:(?:are|is|were|was|has been|have been|got) )?(?:gone|lost|missing|deleted|wiped|corrupted)|(?:accidentally |were |was |been )deleted|corrupt(?:ed|ion))\b/i,
  },
  {
    id: 'outage',
    reason: 'reports an outage or something that stopped working',
    points: 2,
    maxHits: 2,
    pattern:
      /\b(?:outages?|(?:is|are|went|goes|been|was|were) down|(?:system|server|service|network|site|platform)s? down|downtime|interruptions?|malfunction(?:s|ed|ing)?|crash(?:es|ed|ing)?|stopped working|not working|(?:does not|doesn't|won't|will not|cannot|can't|can not|unable to) (?:work|load|start|open|connect|access|log ?in|sign in|boot)|unavailable|unreachable|inaccessible|offline|not responding|unresponsive|service (?:disruption|interruption)|(?:error|http) 5\d\d|server error|system failure|failures?)\b/i,
  },
  {
    id: 'payment-failure',
    reason: 'reports a failed or wrong payment',
    points: 2,
    pattern:
      /\b(?:payment (?:failed|failure|was declined|declined|did not go through|didn't go through|error|issue|problem)s?|(?:card|transaction) (?:was )?(?:declined|rejected|failed)|(?:charged|billed) (?:twice|two times|double|incorrectly|wrongly|again)|double[- ](?:charged|billing|charge)|overcharged|unexpected charges?|(?:can(?:not|'t)|unable to) (?:pay|make (?:a |the )?payment|complete (?:the |my )?(?:payment|purchase|checkout))|refund (?:has |have |was )?(?:not|never) (?:been )?(?:received|arrived|come|issued|processed)|(?:not|never|haven't|have not|hasn't|has not) (?:yet )?(?:received|got|gotten|seen) (?:my|the|a|any) refund)\b/i,
  },
  {
    id: 'urgency',
    reason: 'asks for urgent help',
    points: 2,
    maxHits: 3,
    pattern:
      /\b(?:urgent(?:ly)?|asap|emergency|immediate(?:ly)?|right away|top priority|time[- ]sensitive|critical|expedite|without delay|time is of the essence)\b/i,
  },
  {
    id: 'prompt-request',
    reason: 'asks for a quick answer',
    points: 1,
    maxHits: 2,
    pattern:
      /\b(?:as soon as possible|swift(?:ly)?|quickly|prompt (?:attention|resolution|action|response|assistance|fix))\b/i,
  },
  {
    id: 'deadline',
    reason: 'names a deadline',
    points: 1,
    pattern:
      /\b(?:deadlines?|due (?:date|today|tomorrow)|by (?:today|tonight|tomorrow|(?:the )?end of (?:the )?(?:day|week|month)|eod|monday|tuesday|wednesday|thursday|friday|saturday|sunday|noon)|within (?:the next )?\d+ (?:hours?|minutes?|days?)|before (?:tomorrow|the weekend|our launch|the launch)|today|tonight|this (?:morning|afternoon|evening))\b/i,
  },
  {
    id: 'business-impact',
    reason: 'says work or customers are affected',
    points: 1,
    maxHits: 2,
    pattern:
      /\b(?:(?:our|business|daily) operations|productivity|revenue|production (?:system|server|environment|site)|(?:all|many|several|multiple|numerous) (?:of our )?(?:users|customers|clients|employees|staff)|(?:impact|affect|disrupt|hinder|hamper)\w* (?:our |the |my )?(?:business|work|operations|workflow|team|customers|users|clients|employees|staff)|entire (?:team|company|office|organi[sz]ation)|(?:severely|significantly|seriously|heavily) (?:affect|impact|disrupt|hamper|hinder)\w*|disrupt(?:s|ed|ing|ion|ions)?|(?:significant|major|serious|severe) (?:impact|disruption|issue|problem|delays?|losses?))\b/i,
  },
  {
    id: 'shared-systems',
    reason: 'concerns servers, networks or infrastructure many people depend on',
    points: 1,
    pattern:
      /\b(?:infrastructure|servers?|network(?:s|-wide)?|data ?cent(?:er|re)s?|(?:company|organi[sz]ation|system)[- ]wide|(?:all|many|several|multiple) (?:of our )?(?:devices|systems|servers|departments|machines|workstations|locations|sites))\b/i,
  },
  {
    id: 'anger',
    reason: 'sounds angry or threatens to leave',
    points: 1,
    pattern:
      /\b(?:unacceptable|ridiculous|outrageous|furious|angry|disgusted|fed up|terrible|horrible|awful|worst|useless|scam|lawyer|legal action|chargeback|(?:cancel|close) my (?:account|subscription)|switch(?:ing)? to (?:a )?(?:competitor|another provider))\b|!{2,}/i,
  },
  {
    id: 'repeat-contact',
    reason: 'has been raised before',
    points: 1,
    pattern:
      /\b(?:(?:second|third|fourth|\d+(?:st|nd|rd|th)) (?:time|request|attempt|email|reminder)|(?:several|multiple|many|numerous) (?:times|requests|emails|calls|reminders)|(?:still|yet) (?:not|no|waiting|haven't|have not|hasn't|has not)|no (?:response|reply|answer) (?:yet|from)|already (?:contacted|reported|called|emailed|written|asked)|follow(?:ing)?[- ]up on|(?:reported|raised|asked) (?:this )?(?:before|previously|earlier)|happening again|once again)\b/i,
  },
  {
    id: 'subject-flag',
    reason: 'flags urgency or an outage in the subject line',
    points: 1,
    scope: 'subject',
    pattern:
      /\b(?:urgent(?:ly)?|critical|immediate(?:ly)?|emergency|asap|outages?|down|downtime|interruptions?|failures?|malfunction(?:s|ing)?|crash(?:es|ed)?|breach(?:ed)?)\b/i,
  },
  {
    id: 'intermittent',
    reason: 'describes a problem that comes and goes rather than a full stop',
    points: -1,
    pattern:
      /\b(?:sporadic(?:ally)?|intermittent(?:ly)?|occasional(?:ly)?|from time to time|now and then)\b/i,
  },
  {
    id: 'calm-tone',
    reason: 'opens with pleasantries, which a writer in a hurry skips',
    points: -1,
    pattern: /\b(?:hope|trust) (?:this|that) (?:message|email|e-mail|note|mail) finds you\b/i,
  },
  {
    id: 'information-request',
    reason: 'only asks for information or suggests a change',
    points: -1,
    suggestsLow: true,
    maxHits: 2,
    pattern:
      /\b(?:(?:general |quick )?(?:question|inquiry|enquiry) (?:about|regarding)|(?:would|'d) like to (?:know|learn|inquire|enquire|understand|explore)|interested in (?:learning|understanding|knowing|exploring|finding out)|learn(?:ing)? (?:more )?about|(?:more |some |detailed )?information (?:about|on|regarding)|it would be (?:very |really |most |extremely )?(?:helpful|great|useful)|case stud(?:y|ies)|feature request|suggestions?|feedback|curious|wondering|newsletter|brochure|pricing|quote for|details (?:about|on|regarding))\b/i,
  },
  {
    id: 'growth-advice',
    reason: 'asks for advice on marketing or growth rather than reporting a fault',
    points: -1,
    suggestsLow: true,
    maxHits: 2,
    pattern: /\b(?:brand(?:ing)?|marketing|social media|campaigns?|growth|audience|engagement)\b/i,
  },
]

/** What the customer says the priority is outweighs the rules above. */
const STATED_HIGH =
  /\b(?:(?:priority|severity|urgency|impact)\s*(?:level)?\s*[:=-]?\s*(?:high|urgent|critical|1|p1|sev(?:erity)? ?1)|high[- ]priority|sev(?:erity)? ?1|p1 (?:incident|issue|ticket))\b/i
const STATED_LOW =
  /\b(?:(?:priority|severity|urgency|impact)\s*(?:level)?\s*[:=-]?\s*(?:low|minor|4|p4)|low[- ]priority|not (?:urgent|critical|time[- ]sensitive|a priority)|no (?:rush|hurry)|(?:whenever|when) you (?:get a chance|have (?:a moment|time))|at your (?:convenience|leisure)|minor (?:issue|problem|question|bug|inconvenience))\b/i

/**
 * At or above highAt points a ticket is high; at or below lowAt, with a rule that suggests low among its
 * reasons, it is low; otherwise medium.
 */
export const PRIORITY_THRESHOLDS = { highAt: 3, lowAt: -2 } as const

export type TPriorityReason = { rule: string; reason: string; points: number; evidence: string }
export type TPriorityAssessment = { priority: TTicketPriority; score: number; reasons: TPriorityReason[] }

export type AssessPriorityOptions = { subject: string; body: string }

/** Ranks a ticket high, medium or low and says which rules decided it and what text set them off. */
export function assessPriority(options: AssessPriorityOptions): TPriorityAssessment {
  const text = `${options.subject}\n${options.body}`
  const reasons: TPriorityReason[] = []
  for (const rule of RULES_MATCHING_ALL) {
    const phrases = distinctMatches({
      pattern: rule.global,
      text: rule.scope === 'subject' ? options.subject : text,
      limit: rule.maxHits ?? 1,
    })
    if (phrases.length > 0)
      reasons.push({
        rule: rule.id,
        reason: rule.reason,
        points: rule.points * phrases.length,
        evidence: evidenceOf(phrases.join(', ')),
      })
  }
  const score = reasons.reduce((sum, reason) => sum + reason.points, 0)
  const statedHigh = STATED_HIGH.exec(text)
  if (statedHigh) {
    const reason = { rule: 'stated-high', reason: 'is marked high priority by the customer', points: 0 }
    return {
      priority: 'high',
      score,
      reasons: [{ ...reason, evidence: evidenceOf(statedHigh[0]) }, ...reasons],
    }
  }
  const statedLow = STATED_LOW.exec(text)
  // A stated low priority does not hide a security or data-loss report.
  if (statedLow && !reasons.some((reason) => OVERRIDES_STATED_LOW.has(reason.rule))) {
    const reason = { rule: 'stated-low', reason: 'is marked low priority by the customer', points: 0 }
    return {
      priority: 'low',
      score,
      reasons: [{ ...reason, evidence: evidenceOf(statedLow[0]) }, ...reasons],
    }
  }
  const mayBeLow = reasons.some((reason) => SUGGESTS_LOW.has(reason.rule))
  const priority: TTicketPriority =
    score >= PRIORITY_THRESHOLDS.highAt
      ? 'high'
      : score <= PRIORITY_THRESHOLDS.lowAt && mayBeLow
        ? 'low'
        : 'medium'
  return { priority, score, reasons }
}

const OVERRIDES_STATED_LOW = new Set(['security', 'data-loss'])
const SUGGESTS_LOW = new Set(PRIORITY_RULES.filter((rule) => rule.suggestsLow).map((rule) => rule.id))

// Global copies, built once, so one pass can collect every phrase a rule finds.
const RULES_MATCHING_ALL = PRIORITY_RULES.map((rule) => ({
  ...rule,
  global: new RegExp(rule.pattern.source, `${rule.pattern.flags.replace('g', '')}g`),
}))

function distinctMatches(options: { pattern: RegExp; text: string; limit: number }): string[] {
  const found = new Set<string>()
  for (const match of matchesOf(options.pattern, options.text)) {
    found.add(match[0].toLowerCase().replace(/\s+/g, ' '))
    if (found.size >= options.limit) break
  }
  return [...found]
}

function evidenceOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 60)
}
