import type { TTicketPriority } from '@parsedesk/contracts'
import { type TLanguage, UNKNOWN_LANGUAGE } from '../extract/detect-language'
import { matchesOf } from '../text/matches-of'
import { insideSpans, quotedSpans, type TSpan } from '../text/quoted-spans'
import { OTHER_LANGUAGE_WORDS } from './other-language-words'
import { MODEL_HIGH_AT, SHIPPED_URGENCY_MODEL, type TUrgencyModel } from './urgency-model'

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
  /** Makes a ticket low when it falls short of high: it describes something that can wait. */
  canWait?: true
  /**
   * Says on its own that something is wrong or pressing, so a ticket that also says it can wait is not low:
   * a slow system that is also down, a wish with a deadline, a slow answer complained about a third time.
   * Impact on work, shared systems and "as soon as possible" are not: they are how these tickets describe
   * even a slowdown.
   */
  pressing?: true
  /**
   * Says how pressing the writer feels, not what is wrong: "URGENT!!" over a question about the logo's
   * colour, a polite "asap", a date. These add to a ticket's score, but alone never make it high.
   */
  tone?: true
  /**
   * Says only the writer is affected ("my colleagues can log in fine"): the ticket is at most medium,
   * unless it reports a security problem, lost data or legal steps.
   */
  onlyOne?: true
  pattern: RegExp
}

/**
 * Every rule a person can read and argue with, in English; the same signals in other languages are in
 * `other-language-words.ts`. Points were set by hand from what each signal means to an agent; the threshold
 * was chosen on the even rows of the Tobi-Bueck dev file and checked on its odd rows (see
 * `cli/evaluate-priority.ts`). Nothing is fitted automatically.
 */
export const PRIORITY_RULES: readonly TPriorityRule[] = [
  {
    id: 'security',
    reason: 'reports a security problem',
    points: 3,
    pressing: true,
    pattern:
      /\b(?:security (?:breach|incident|issue|problem|vulnerabilit(?:y|ies))|data (?:breach|leak)|breach(?:ed)?|leak(?:ed|s)?|hack(?:ed|er|ers|ing)?|unauthori[sz]ed|phishing|malware|ransomware|virus|compromised|suspicious (?:login|activity|transaction|email)s?|stolen|identity theft|fraud(?:ulent)?|(?:didn't|did not|never) (?:log(?:ged)? ?in|sign(?:ed)? in)|new sign-?in|(?:logged|signed) in(?:to)? (?:to )?(?:my|our) account from|(?:sign-?in|login|log-?in) from (?:an? )?(?:unknown|strange|foreign)|fake (?:e-?mails?|mails?|invoices?)|(?:data|details) (?:was |were |have been |has been )?exposed|someone has (?:our|my) data|someone (?:has )?(?:logged|signed|got) in(?:to)?|(?:log(?:ged)?|sign(?:ed)?) ?ins? from (?:an? )?(?:ip|address|device|location|country|unknown|strange|foreign|unfamiliar|unrecogni[sz]ed)|(?:login|log-?in|sign-?in)s? from (?:an? )?(?:ip|address|device|location|country|unfamiliar|unrecogni[sz]ed)|(?:wasn't|was not|weren't|were not) (?:me|us)|(?:password|e-?mail address|bank (?:details|account)|iban|payout (?:details|account)|phone number) (?:was |were |has been |have been |got )changed|account (?:was |has been |got )?(?:taken over|hijacked)|takeover|look-?alike|spoof(?:ed|ing)?|impersonat(?:e|es|ed|ing|ion)|pretending to be (?:you|us)|scam (?:e-?mails?|messages?|texts?|calls?)|publicly (?:visible|accessible|available)|(?:see|seeing|access) (?:other|another) (?:customers?|users?|compan(?:y|ies))(?:'s|s')? (?:data|orders|invoices|details)|(?:invoices|orders|data|details|documents|records|files|accounts?) (?:from|of|belonging to) (?:another|other|a different) (?:customers?|users?|compan(?:y|ies)|clients?|accounts?)|data protection (?:issue|breach|problem|violation|incident)|under attack|ddos|brute[- ]force|encrypted (?:all )?(?:our|my) (?:files|data|servers?))\b/i,
  },
  {
    id: 'data-loss',
    reason: 'reports lost or damaged data',
    points: 3,
    pressing: true,
    pattern:
      /\b(?:data loss|los[ts]\b.{0,30}\b(?:data|files|documents|records|emails)|(?:data|files|documents|records|emails) (?:(?:are|is|were|was|has been|have been|got) )?(?:gone|lost|missing|deleted|wiped|corrupted)|(?:accidentally |were |was |been )deleted|corrupt(?:ed|ion)|(?:data|files|documents|records|emails|orders|products|images|photos|contacts|entries|invoices|customers|history|bookings|appointments) (?:have |has |had )?(?:all )?(?:disappeared|vanished|been (?:overwritten|erased|wiped))|lost (?:all|every)|deleted (?:half|all|most|some|part|every one) of (?:our|my|the))\b/i,
  },
  {
    id: 'outage',
    reason: 'reports an outage or something that stopped working',
    points: 2,
    pressing: true,
    maxHits: 2,
    pattern:
      /\b(?:outages?|(?:is|are|went|goes|been|was|were) down|(?:system|server|service|network|site|platform)s? down|downtime|interruptions?|malfunction(?:s|ed|ing)?|crash(?:es|ed|ing)?|stopped working|not working|(?:does not|doesn't|won't|will not|cannot|can't|can not|unable to) (?:work|load|start|open|connect|access|log ?in|sign in|boot)|unavailable|unreachable|inaccessible|offline|not responding|unresponsive|service (?:disruption|interruption)|(?:error|http) 5\d\d|5\d\d errors?|stuck on|server error|system failure|failures?|white (?:page|screen)|blank (?:page|screen)|error page|(?:keeps|is|just) (?:loading|spinning)|loads? (?:forever|endlessly)|time[sd]? out|timeouts?|bad gateway|gateway (?:error|timeout)|(?:error|http|status)(?: code)? 5\d\d|(?:cannot|can't|can not|unable to|could not|couldn't) (?:be )?(?:reach(?:ed)?|connect(?:ed)?|processed|completed|loaded)|connection (?:error|failed|refused|lost|problems?)|no longer (?:works?|loads?|sends?|syncs?|prints?|opens?|responds?)|stopped (?:sending|syncing|loading|processing|printing|responding|accepting)|(?:nothing|no (?:e-?mails?|messages?|orders?|notifications?|confirmations?|invoices?|labels?)) (?:is |are )?(?:being )?(?:sent|delivered|going out|coming (?:in|through)|arriving|getting through|generated|printed)|(?:is|are) failing|fail(?:s|ing)? (?:for|on) (?:every|all|each)|(?:isn't|is not|aren't|are not) (?:being )?(?:sent|generated|processed|created|printed|delivered)|(?:aren't|are not|isn't|is not) (?:reaching|arriving)|(?:they|all|emails|mails) (?:all )?bounced?|bounc(?:e|es|ing) back|none of (?:our|the) (?:[\w-]+ ){1,2}(?:are|is|were|was) (?:working|loading|arriving|reaching|going out|being sent|sent|delivered)|(?:returns?|returning|throws?|throwing|gives?|giving|getting|gets) (?:an? )?(?:http )?5\d\d|5\d\d (?:on|for) (?:every|all|each)|refus(?:es|ing) to (?:load|open|start|work|generate|print|sync|send|connect)|(?:isn't|is not|aren't|are not|not) loading|freez(?:es|ing)|frozen|hangs|keeps? (?:crashing|failing|timing out))\b/i,
  },
  {
    id: 'payment-failure',
    reason: 'reports a failed or wrong payment',
    points: 2,
    pressing: true,
    pattern:
      /\b(?:payment (?:failed|failure|was declined|declined|did not go through|didn't go through|error|issue|problem)s?|(?:card|transaction) (?:was )?(?:declined|rejected|failed)|(?:charged|billed) (?:twice|two times|double|incorrectly|wrongly|again)|double[- ](?:charged|billing|charge)|overcharged|unexpected charges?|(?:can(?:not|'t)|unable to) (?:pay|make (?:a |the )?payment|complete (?:the |my )?(?:payment|purchase|checkout))|refund (?:has |have |was )?(?:not|never) (?:been )?(?:received|arrived|come|issued|processed)|(?:not|never|haven't|have not|hasn't|has not) (?:yet )?(?:received|got|gotten|seen) (?:my|the|a|any) refund|(?:charged|billed|debited|took|taken|deducted|withdrawn|withdrew)\b.{0,60}\b(?:cancel(?:l)?ed|terminated|closed)|(?:still|keep|kept) (?:being )?(?:charg|bill)(?:ed|ing)|payments? (?:are |is |keeps? )?(?:failing|being (?:declined|rejected)|not going through)|(?:could|can) ?not be processed|(?:checkout|payment page|payments?) (?:is |are )?(?:failing|not working|broken|down)|(?:can't|cannot|unable to|could not|couldn't) (?:check ?out|complete (?:an? |their |the |his |her )?(?:order|purchase|checkout|payment))|(?:declin|reject)(?:e|es|ed|ing) (?:every|all|each|any) (?:card|payment|transaction)s?|(?:every|all|each) (?:card|payment|transaction)s? (?:is |are |gets? )?(?:declined|rejected|failing|failed))\b/i,
  },
  {
    id: 'legal-threat',
    reason: 'threatens legal steps, a regulator or a chargeback',
    points: 3,
    pressing: true,
    pattern:
      /\b(?:lawyers?|solicitors?|attorneys?|legal (?:action|steps|proceedings)|take (?:you|this) to court|sue you|formal notice|on behalf of my client|(?:file|lodge|make) a (?:formal )?complaint with|regulator|ombudsman|information commissioner|consumer protection|trading standards|chargebacks?|dispute (?:the|both|this|these) (?:charges?|payments?)|disputing (?:the|both|this|these) (?:charges?|payments?)|courts?|small claims|legal (?:team|department|counsel)|cease and desist|litigation|(?:will|'ll|going to|shall|have to) (?:contact|ask|call|tell|instruct|go to) (?:my|our) bank|ask(?:ing)? (?:my|our) bank to|reverse (?:the|this|these|both|my|our) (?:charges?|payments?|transactions?)|(?:payment|charge) reversal|(?:open|file|raise|start) a dispute|data protection (?:authority|regulator)|gdpr complaint|report (?:you|this) to|better business bureau|consumer (?:rights|authority|agency))\b/i,
  },
  {
    id: 'many-affected',
    reason: 'says many users, customers or sites are affected',
    points: 2,
    pressing: true,
    pattern:
      /\b(?:(?:all|every one of|each of) (?:our |the |my )?(?:\d+ )?(?:customers|clients|users|clinics|stores|shops|branches|locations|sites|offices|pharmacies|members|employees|staff|tills|registers)|every (?:customer|client|user|clinic|store|branch|order)|for everyone|for all (?:of )?(?:our |the )?users|none of (?:the|our) \w+ can|nobody can|no one can|no (?:customer|client|user) can|zero orders|(?:all|every one of|each of|across|for) (?:of )?(?:our|the|my) (?:\d[\d,.]*|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|dozens of|hundreds of|thousands of) (?:\w+ )?(?:customers|clients|users|members|employees|staff|colleagues|agents|drivers|technicians|teachers|students|pupils|parents|patients|doctors|clinics|practices|pharmacies|hospitals|schools|stores|shops|branches|locations|sites|offices|restaurants|hotels|warehouses|franchises|franchisees|outlets|studios|gyms|salons|departments|teams|accounts|devices|terminals|tills|registers|checkouts|kiosks|vehicles|sellers|merchants|tenants|subscribers|guests|buyers|shoppers|academies|nurseries|centres|centers|venues)|(?:our|all) (?:[3-9]|\d{2,}|\d{1,3},\d{3}|dozens of|hundreds of|thousands of) (?:\w+ )?(?:customers|clients|users|members|employees|staff|colleagues|agents|drivers|technicians|teachers|students|pupils|parents|patients|doctors|clinics|practices|pharmacies|hospitals|schools|stores|shops|branches|locations|sites|offices|restaurants|hotels|warehouses|franchises|franchisees|outlets|studios|gyms|salons|departments|teams|accounts|devices|terminals|tills|registers|checkouts|kiosks|vehicles|sellers|merchants|tenants|subscribers|guests|buyers|shoppers|academies|nurseries|centres|centers|venues)|(?:hundreds|thousands|dozens) of (?:our )?(?:\w+ )?(?:customers|clients|users|members|employees|staff|colleagues|agents|drivers|technicians|teachers|students|pupils|parents|patients|doctors|clinics|practices|pharmacies|hospitals|schools|stores|shops|branches|locations|sites|offices|restaurants|hotels|warehouses|franchises|franchisees|outlets|studios|gyms|salons|departments|teams|accounts|devices|terminals|tills|registers|checkouts|kiosks|vehicles|sellers|merchants|tenants|subscribers|guests|buyers|shoppers|academies|nurseries|centres|centers|venues|orders|bookings|payments)|(?:all|every one of|each of) (?:our |the |my )?(?:customers|clients|users|members|employees|staff|colleagues|agents|drivers|technicians|teachers|students|pupils|parents|patients|doctors|clinics|practices|pharmacies|hospitals|schools|stores|shops|branches|locations|sites|offices|restaurants|hotels|warehouses|franchises|franchisees|outlets|studios|gyms|salons|departments|teams|accounts|devices|terminals|tills|registers|checkouts|kiosks|vehicles|sellers|merchants|tenants|subscribers|guests|buyers|shoppers|academies|nurseries|centres|centers|venues)|everyone (?:is|gets|sees|can't|cannot|has)|everybody (?:is|gets|sees|can't|cannot|has)|nobody is able|no one is able|(?:several|many|multiple|some) of (?:our|my) (?:customers|clients|users|members|employees|staff|colleagues|agents|drivers|technicians|teachers|students|pupils|parents|patients|doctors|clinics|practices|pharmacies|hospitals|schools|stores|shops|branches|locations|sites|offices|restaurants|hotels|warehouses|franchises|franchisees|outlets|studios|gyms|salons|departments|teams|accounts|devices|terminals|tills|registers|checkouts|kiosks|vehicles|sellers|merchants|tenants|subscribers|guests|buyers|shoppers|academies|nurseries|centres|centers|venues)|(?:[2-9]\d|\d{3,}|\d{1,3},\d{3}) (?:customers|clients|users|members|employees|staff|agents|drivers|technicians|teachers|students|pupils|parents|patients|clinics|practices|pharmacies|hospitals|schools|stores|shops|branches|locations|sites|offices|restaurants|hotels|warehouses|franchisees|outlets|studios|gyms|salons|terminals|tills|kiosks|vehicles|sellers|merchants|tenants|subscribers|guests|shoppers)|none of them can|(?:[2-9]\d|\d{3,}|\d{1,3},\d{3}) (?:visitors|attendees|passengers|participants|callers|riders|delegates))\b/i,
  },
  {
    id: 'blocked-business',
    reason: 'says the business cannot sell, ship, pay or serve its customers',
    points: 2,
    pressing: true,
    pattern:
      /\b(?:losing (?:sales|orders|money|revenue|customers|business)|lost sales|(?:can't|cannot|can not|unable to) (?:ship|sell|invoice|take orders|run payroll|pay (?:our )?(?:staff|employees))|payroll|patients|\d+ (?:orders|parcels|packages|shipments)|(?:bank )?cut-?off|paying for clicks|(?:can't|cannot|can not|unable to|could not|couldn't) (?:take|accept|process|receive) (?:any )?(?:payments?|orders?|bookings?|appointments?|reservations?|card payments?|money)|(?:no|zero|not a single|not one) (?:orders?|sales?|bookings?|payments?|reservations?) (?:since|for|in|coming|today|this)|losing (?:\w+ )?(?:money|sales|orders|customers|revenue|bookings|business)|(?:busiest|peak|biggest) (?:day|time|season|weekend|hours?|sale)|black friday|cyber monday|(?:sale|promotion|campaign|launch) (?:is )?(?:running|live|today|started|starts)|(?:customers|patients|guests|clients|people|shoppers|drivers|students) (?:are )?(?:waiting|queu(?:e|ei)ng|lining up|turned away|stuck at)|(?:queues?|lines?) (?:are )?(?:getting )?(?:longer|growing|forming)|(?:can't|cannot|unable to) (?:open|trade|operate|serve (?:our |any )?customers|do (?:any|our) (?:work|jobs?))|standstill|ground to a halt|dead in the water|(?:courier|driver|carrier|truck|pick-?up|collection|ups|dhl|fedex|usps) (?:comes|arrives|is coming|leaves|is due|at \d)|salaries|wages|(?:can't|cannot|can not|unable to|could not|couldn't) (?:issue|send|create|print|generate) (?:any )?(?:invoices|labels|tickets|receipts|prescriptions)|(?:can't|cannot|can not|unable to|could not|couldn't) (?:dispatch|fulfil+|deliver|check (?:anyone|people|guests|patients) in|book (?:any )?appointments))\b/i,
  },
  {
    id: 'one-person',
    reason: 'says only the writer is affected',
    points: 0,
    onlyOne: true,
    pattern:
      /\b(?:only (?:me|my (?:account|computer|laptop|phone|login|user))|just (?:me|my (?:account|computer|laptop|phone))|only (?:happens|occurs) (?:to|for|on) (?:me|my)|(?:my |our )?(?:colleagues?|co-?workers|team ?mates|other users) (?:can(?! ?not)|are able to|have no|don't have|do not have|are fine|log in fine|still (?:can|see|have))|(?:works|working) (?:fine|ok|normally) for (?:my |our |the )?(?:colleagues?|others|everyone else|other users)|(?:everyone|everybody) else (?:can|is fine|is able))\b/i,
  },
  {
    id: 'praise',
    reason: 'thanks or praises the team rather than asks for help',
    points: -1,
    canWait: true,
    pattern:
      /\b(?:(?:wanted|want|like) to (?:say )?thank|(?:say|send) (?:a big )?thanks|great (?:job|service|support|work)|compliments? to|kudos|well done|keep up the good work)\b/i,
  },
  {
    id: 'urgency',
    reason: 'asks for urgent help',
    points: 2,
    pressing: true,
    maxHits: 3,
    tone: true,
    pattern:
      /\b(?:urgent(?:ly)?|asap|emergency|immediate(?:ly)?|right away|top priority|time[- ]sensitive|critical|expedite|without delay|time is of the essence)\b/i,
  },
  {
    id: 'prompt-request',
    reason: 'asks for a quick answer',
    points: 1,
    maxHits: 2,
    tone: true,
    pattern:
      /\b(?:as soon as possible|swift(?:ly)?|quickly|prompt (?:attention|resolution|action|response|assistance|fix))\b/i,
  },
  {
    id: 'deadline',
    reason: 'names a deadline',
    points: 1,
    pressing: true,
    tone: true,
    // A relative day is a deadline only next to something to be done by then: "I need it today" is one,
    // "it stopped working this morning" is not.
    pattern:
      /\b(?:deadlines?|due (?:date|today|tomorrow|by)|no later than|(?:by|before|until) (?:today|tonight|tomorrow|(?:the )?end of (?:the )?(?:day|week|month)|eod|monday|tuesday|wednesday|thursday|friday|saturday|sunday|noon|the weekend|our launch|the launch)|within (?:the next )?\d+ (?:hours?|minutes?|days?)|(?:need(?:s|ed)?|must|have to|has to|required?|fix(?:ed)?|resolved?|sorted|done|finish(?:ed)?|complete[ds]?|send|sent|deliver(?:ed)?|ship(?:ped)?|expir(?:es?|ing)|launch(?:es|ing)?|go(?:es|ing)? live)(?: [\w'-]+){0,3}? (?:today|tonight|this (?:morning|afternoon|evening)))\b/i,
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
    pressing: true,
    tone: true,
    pattern:
      /\b(?:unacceptable|ridiculous|outrageous|furious|angry|disgusted|fed up|terrible|horrible|awful|worst|useless|scam|lawyer|legal action|chargeback|(?:or|otherwise|else) (?:i|we)(?: will|'ll| am going to| are going to| shall) (?:cancel|close|leave|switch)|switch(?:ing)? to (?:a )?(?:competitor|another provider))\b|!{2,}/i,
  },
  {
    id: 'repeat-contact',
    reason: 'has been raised before',
    points: 2,
    pressing: true,
    pattern:
      /\b(?:(?:second|third|fourth|\d+(?:st|nd|rd|th)) (?:time|request|attempt|email|reminder)|(?:several|multiple|many|numerous) (?:times|requests|emails|calls|reminders)|(?:still|yet) (?:not|no|waiting|haven't|have not|hasn't|has not)|no (?:response|reply|answer) (?:yet|from)|already (?:contacted|reported|called|emailed|written|asked)|follow(?:ing)?[- ]up on|(?:reported|raised|asked) (?:this )?(?:before|previously|earlier)|happening again|once again|(?:three|four|five|\d+) times|(?:no one|nobody) (?:answers|responds|replies|has replied)|on hold for|(?:still|yet) no (?:reply|answer|response|word|update|refund|news)|(?:haven't|have not|hasn't|has not|never) (?:heard|had|received|got(?:ten)?) (?:back|a (?:single )?(?:reply|response|answer)|any(?:thing| (?:reply|response|answer)))|(?:no one|nobody) (?:has )?(?:got(?:ten)? back|replied|responded|answered|called back|picks? up|helps?)|(?:my|our) (?:previous|last|earlier|prior) (?:e-?mails?|messages?|tickets?|requests?|calls?|complaints?)|(?:emailed|written|called|contacted|chased|messaged|rung|phoned) (?:you |your \w+ )?(?:twice|\w+ times|repeatedly)|(?:days|weeks) (?:without|with no) (?:a |any )?(?:reply|answer|response)|twice already|(?:another|yet another|final) (?:e-?mail|reminder|attempt)|disgrace(?:ful)?|appalling|shocking|pathetic|incompeten(?:t|ce)|thieves|stealing|unbelievable|not acceptable|sick (?:and tired )?of|had enough|last straw|enough is enough|(?:i|we) want (?:my|our) money back|this is a joke|(?:fifth|sixth|seventh|umpteenth|nth) (?:time|request|attempt|e-?mail|reminder)|(?:nobody|no one) has (?:even )?(?:acknowledged|looked at|answered))\b/i,
  },
  {
    id: 'subject-flag',
    reason: 'flags urgency or an outage in the subject line',
    points: 1,
    pressing: true,
    scope: 'subject',
    tone: true,
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
    maxHits: 2,
    pattern:
      /\b(?:(?:general |quick )?(?:question|inquiry|enquiry) (?:about|regarding)|(?:would|'d) like to (?:know|learn|inquire|enquire|understand|explore)|interested in (?:learning|understanding|knowing|exploring|finding out)|learn(?:ing)? (?:more )?about|(?:more |some |detailed )?information (?:about|on|regarding)|case stud(?:y|ies)|feature request|suggestions?|feedback|curious|wondering|newsletter|brochure|pricing|quote for|details (?:about|on|regarding))\b/i,
  },
  {
    id: 'slowdown',
    reason: 'reports something slow rather than stopped',
    points: -1,
    canWait: true,
    // Not bare "lag", ordinary German and Dutch ("Das Problem lag am Router", "het lag aan de kabel"), nor
    // "slowly", which says how something else happens ("we are slowly losing customers").
    pattern: /\b(?:slow(?:s|ed|er|ing|ness|downs?)?|sluggish|lag(?:s|gy|ging)|input lag)\b/i,
  },
  {
    id: 'wish',
    reason: 'puts its request as a wish',
    points: -1,
    canWait: true,
    pattern:
      /\b(?:it would be (?:(?:very|really|most|extremely|greatly|especially|particularly) )?(?:helpful|great|useful|nice|beneficial)|would be nice|nice to have)\b/i,
  },
]

/** What the customer says the priority is outweighs the rules above. */
const STATED_HIGH =
  /\b(?:(?:priority|severity|urgency|impact)\s*(?:level)?\s*[:=-]?\s*(?:high|urgent|critical|1|p1|sev(?:erity)? ?1)|high[- ]priority|sev(?:erity)? ?1|p1 (?:incident|issue|ticket))\b/gi
const STATED_LOW =
  /\b(?:just (?:gathering|collecting) information|(?:just|purely) out of curiosity|(?:priority|severity|urgency|impact)\s*(?:level)?\s*[:=-]?\s*(?:low|minor|4|p4)|low[- ]priority|not (?:urgent|critical|time[- ]sensitive|a priority)|no (?:rush|hurry)|(?:whenever|when) you (?:get a chance|have (?:a moment|time))|at your (?:convenience|leisure)|minor (?:issue|problem|question|bug|inconvenience)|(?:been )?working fine (?:again|since)|(?:you )?can close (?:the|this) ticket|close the loop|back to normal)\b/gi

// Words that turn the phrase after them around: "I will not be charged again", "there is no outage".
const NEGATORS = new Set(['not', 'no', 'never', 'without', 'nor', 'neither', 'none', 'nothing'])
// "No longer loads" and "not only slow but crashing" report the problem rather than deny it.
const NOT_NEGATING_AFTER = new Set(['longer', 'only'])
// How far back a negation reaches: "I do not think this is urgent" turns "urgent" around, a "not" in the
// previous clause or five words back does not.
const NEGATION_REACH_WORDS = 4
const CLAUSE_BREAK = /[.!?;:,\n]/

/**
 * At or above highAt points a ticket is high when something beyond its tone is wrong and it is not one
 * person's trouble (`mayBeHigh`), otherwise medium; it is low when the customer says it can wait
 * ("no rush"), or when it only reports a slowdown or puts its request as a wish with nothing pressing beside
 * it. No score tells low tickets apart: on the even rows of the Tobi-Bueck file the tickets the rules used
 * to rank low (-2 points and under, asking for information) were 70 low, 81 medium and 55 high, so ranking
 * them low put more wrong than right; the slowdowns and wishes ranked low there are 20 low, 7 medium and 5
 * high.
 */
export const PRIORITY_THRESHOLDS = { highAt: 3 } as const

export type TPriorityReason = {
  rule: string
  reason: string
  points: number
  /** The ticket's own words that set the rule off, each with a few words around it, as written. */
  evidence: string[]
}
export type TPriorityAssessment = { priority: TTicketPriority; score: number; reasons: TPriorityReason[] }

export type AssessPriorityOptions = {
  subject: string
  body: string
  /** The ticket's language (`detectLanguage`): its own words are read beside the English ones. */
  language?: TLanguage['code']
  /**
   * Reads what the rules leave medium and ranks it high when it reads like pressing mail; the shipped model
   * unless given, none when null (to measure the rules alone, or a model trained on other mail).
   */
  urgencyModel?: TUrgencyModel | null
}

/**
 * Ranks a ticket high, medium or low and says which rules decided it, quoting the text that set them off.
 * A phrase that raises the priority counts only where the customer says it: not inside quotation marks
 * (an error text, a line of our own mail quoted back) and not after a negation ("not urgent", "I will not
 * be charged again").
 */
export function assessPriority(options: AssessPriorityOptions): TPriorityAssessment {
  // The subject comes first, so a position in it is the same position in the whole text.
  const text = `${options.subject}\n${options.body}`
  const own = options.language ? ownWords({ language: options.language, length: text.length }) : undefined
  const reading: TReading = { text, quoted: quotedSpans(text), negators: own?.negators ?? NEGATORS }
  const reasons: TPriorityReason[] = []
  for (const rule of RULES_MATCHING_ALL) {
    const found = findPhrases({
      reading,
      patterns: withOwn(rule.global, own?.rules.get(rule.id)),
      end: rule.scope === 'subject' ? options.subject.length : text.length,
      limit: rule.maxHits ?? 1,
      asserted: rule.points > 0 || rule.canWait === true || rule.onlyOne === true,
    })
    if (found.length > 0)
      reasons.push({
        rule: rule.id,
        reason: rule.reason,
        points: rule.points * found.length,
        evidence: found,
      })
  }
  const score = reasons.reduce((sum, reason) => sum + reason.points, 0)
  const [statedHigh] = findPhrases({
    reading,
    patterns: withOwn(STATED_HIGH, own?.statedHigh),
    end: text.length,
    limit: 1,
    asserted: true,
  })
  if (statedHigh) {
    const reason = { rule: 'stated-high', reason: 'is marked high priority by the customer', points: 0 }
    return { priority: 'high', score, reasons: [{ ...reason, evidence: [statedHigh] }, ...reasons] }
  }
  const [statedLow] = findPhrases({
    reading,
    patterns: withOwn(STATED_LOW, own?.statedLow),
    end: text.length,
    limit: 1,
    asserted: false,
  })
  // A stated low priority does not hide a security or data-loss report.
  if (statedLow && !reasons.some((reason) => OVERRIDES_STATED_LOW.has(reason.rule))) {
    const reason = { rule: 'stated-low', reason: 'is marked low priority by the customer', points: 0 }
    return { priority: 'low', score, reasons: [{ ...reason, evidence: [statedLow] }, ...reasons] }
  }
  if (score >= PRIORITY_THRESHOLDS.highAt && mayBeHigh(reasons)) return { priority: 'high', score, reasons }
  const canWait = reasons.filter((reason) => CAN_WAIT.has(reason.rule))
  if (canWait.length > 0 && !reasons.some((reason) => PRESSING.has(reason.rule)))
    return {
      priority: 'low',
      score,
      reasons: [...canWait, ...reasons.filter((reason) => !CAN_WAIT.has(reason.rule))],
    }
  const model = options.urgencyModel === undefined ? SHIPPED_URGENCY_MODEL : options.urgencyModel
  const modelled = model && !isOnePersonsTrouble(reasons) ? readPressing({ model, text, own }) : undefined
  if (modelled) return { priority: 'high', score: score + modelled.points, reasons: [modelled, ...reasons] }
  return { priority: 'medium', score, reasons }
}

/**
 * The text the urgency model reads: the ticket with every tone phrase the rules know ("URGENT!!!", "asap",
 * "by Friday", "unacceptable") blanked out, so the model judges what is wrong and never how loudly it is
 * said. Blanked with spaces, so a position in it is the same position in the ticket.
 */
export function textWithoutTone(options: Omit<AssessPriorityOptions, 'urgencyModel'>): string {
  const text = `${options.subject}\n${options.body}`
  const own = options.language ? ownWords({ language: options.language, length: text.length }) : undefined
  return blankTone({ text, own })
}

function blankTone(options: { text: string; own: TOwnWords | undefined }): string {
  let text = options.text
  for (const rule of TONE_RULES)
    for (const pattern of withOwn(rule.global, options.own?.rules.get(rule.id)))
      text = text.replace(pattern, (phrase) => ' '.repeat(phrase.length))
  return text
}

/**
 * How much of a ticket the urgency model reads: what is wrong is said at the top, and a long mail (a pasted
 * log, a quoted thread) read whole took the mail corpus's analysis p99 to 6.2 ms, over the 5 ms budget;
 * reading 1,500 characters it is 3.0-4.2 ms, reading 2,000 it is 4.9-5.6 ms (`bench:analysis`, load 1).
 */
const MODEL_READS = 1500

/** The model's reason to rank a ticket high, quoting the words that read most pressing, or undefined. */
function readPressing(options: {
  model: TUrgencyModel
  text: string
  own: TOwnWords | undefined
}): TPriorityReason | undefined {
  const text = options.text.slice(0, MODEL_READS)
  const read = blankTone({ text, own: options.own })
  const probability = options.model.probabilityHigh(read)
  if (probability < MODEL_HIGH_AT) return undefined
  return {
    rule: 'reads-pressing',
    reason: `reads like mail agents rank high (${Math.round(probability * 100)}% by the urgency model)`,
    points: PRIORITY_THRESHOLDS.highAt,
    evidence: [mostPressingSentence({ model: options.model, text, read })],
  }
}

// A sentence of fewer words is a greeting, a name or a sign-off, not what the mail is about.
const MIN_SENTENCE_WORDS = 3
const MAX_SENTENCE_QUOTE = 90
const SENTENCE = /[^.!?\n]+/g

/** The sentence the model reads as most pressing, as the customer wrote it (tone included), shortened. */
function mostPressingSentence(options: { model: TUrgencyModel; text: string; read: string }): string {
  let best = { probability: -1, start: 0, end: 0 }
  for (const sentence of matchesOf(SENTENCE, options.read)) {
    if ((sentence[0].match(/[\p{L}\p{N}]+/gu)?.length ?? 0) < MIN_SENTENCE_WORDS) continue
    const probability = options.model.probabilityHigh(sentence[0])
    if (probability > best.probability)
      best = { probability, start: sentence.index, end: sentence.index + sentence[0].length }
  }
  const quote = options.text.slice(best.start, best.end).replace(/\s+/g, ' ').trim()
  if (quote.length <= MAX_SENTENCE_QUOTE) return quote
  const cut = quote.slice(0, MAX_SENTENCE_QUOTE)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`
}

function isOnePersonsTrouble(reasons: readonly TPriorityReason[]): boolean {
  return (
    reasons.some((reason) => ONLY_ONE.has(reason.rule)) &&
    !reasons.some((reason) => HIGH_FOR_ONE.has(reason.rule))
  )
}

/**
 * Points make a ticket high only when something is wrong beyond the writer's tone, and when it is not one
 * person's trouble, unless that trouble is a security problem, lost data or legal steps.
 */
function mayBeHigh(reasons: readonly TPriorityReason[]): boolean {
  if (isOnePersonsTrouble(reasons)) return false
  return reasons.some((reason) => reason.points > 0 && !TONE.has(reason.rule))
}

const TONE = new Set(PRIORITY_RULES.filter((rule) => rule.tone).map((rule) => rule.id))
const ONLY_ONE = new Set(PRIORITY_RULES.filter((rule) => rule.onlyOne).map((rule) => rule.id))
const HIGH_FOR_ONE = new Set(['security', 'data-loss', 'legal-threat'])
const CAN_WAIT = new Set(PRIORITY_RULES.filter((rule) => rule.canWait).map((rule) => rule.id))
const PRESSING = new Set(PRIORITY_RULES.filter((rule) => rule.pressing).map((rule) => rule.id))

const OVERRIDES_STATED_LOW = new Set(['security', 'data-loss'])

// Global copies, built once, so one pass can collect every phrase a rule finds.
const RULES_MATCHING_ALL = PRIORITY_RULES.map((rule) => ({
  ...rule,
  global: new RegExp(rule.pattern.source, `${rule.pattern.flags.replace('g', '')}g`),
}))
// "URGENT" is tone wherever it stands, and `urgency` blanks it; the subject flag's other words ("down",
// "outage") say what is wrong.
const TONE_RULES = RULES_MATCHING_ALL.filter((rule) => rule.tone && rule.scope !== 'subject')

/** A language's words for the rules, its negations and its stated priorities, as patterns built once. */
type TOwnWords = {
  rules: Map<string, RegExp>
  negators: ReadonlySet<string>
  statedHigh: RegExp
  statedLow: RegExp
}

// Whole words in any script: \b knows only ASCII letters, so it finds no end to "sécurité" or "urgência".
function wordsPattern(alternatives: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'giu')
}

const OTHER_LANGUAGES = new Map<string, TOwnWords>(
  Object.entries(OTHER_LANGUAGE_WORDS).map(([code, words]) => [
    code,
    {
      rules: new Map(Object.entries(words.rules).map(([rule, phrases]) => [rule, wordsPattern(phrases)])),
      negators: new Set([...NEGATORS, ...words.negators]),
      statedHigh: wordsPattern(words.statedHigh),
      statedLow: wordsPattern(words.statedLow),
    },
  ]),
)

// A short mail whose language the detector could not tell ("und": Spanish, Portuguese and Italian share
// most short words) is read with every language's words, rather than with English ones alone. A long one
// is not: the detector tells a real mail of that length, and every language's words at once cost about ten
// times the time on a long run of characters that is no language at all.
const EVERY_LANGUAGE_UP_TO_CHARS = 2_000

function ownWords(options: { language: string; length: number }): TOwnWords | undefined {
  if (options.language === UNKNOWN_LANGUAGE.code)
    return options.length <= EVERY_LANGUAGE_UP_TO_CHARS ? EVERY_LANGUAGE : undefined
  return OTHER_LANGUAGES.get(options.language)
}

const EVERY_LANGUAGE: TOwnWords = (() => {
  const every = Object.values(OTHER_LANGUAGE_WORDS)
  const ruleIds = Object.keys(every[0]!.rules) as (keyof (typeof every)[number]['rules'])[]
  return {
    rules: new Map(
      ruleIds.map((rule) => [rule, wordsPattern(every.map((words) => words.rules[rule]).join('|'))]),
    ),
    negators: new Set([...NEGATORS, ...every.flatMap((words) => words.negators)]),
    statedHigh: wordsPattern(every.map((words) => words.statedHigh).join('|')),
    statedLow: wordsPattern(every.map((words) => words.statedLow).join('|')),
  }
})()

function withOwn(english: RegExp, own: RegExp | undefined): RegExp[] {
  return own ? [english, own] : [english]
}

type TReading = { text: string; quoted: TSpan[]; negators: ReadonlySet<string> }

/**
 * The different phrases the patterns find before `end`, up to `limit`, each quoted in its context. When
 * `asserted`, a phrase counts only where the customer says it: not inside quotation marks, not negated.
 */
function findPhrases(options: {
  reading: TReading
  patterns: readonly RegExp[]
  end: number
  limit: number
  asserted: boolean
}): string[] {
  const { reading, end } = options
  const text = end < reading.text.length ? reading.text.slice(0, end) : reading.text
  const seen = new Set<string>()
  const quotes: string[] = []
  for (const pattern of options.patterns) {
    for (const match of matchesOf(pattern, text)) {
      const start = match.index
      const stop = start + match[0].length
      const phrase = match[0].toLowerCase().replace(/\s+/g, ' ')
      if (seen.has(phrase)) continue
      if (
        options.asserted &&
        (insideSpans({ spans: reading.quoted, start, end: stop }) ||
          isNegated({ text, at: start, negators: reading.negators }))
      )
        continue
      seen.add(phrase)
      quotes.push(quoteInContext({ text, start, end: stop }))
      if (quotes.length >= options.limit) return quotes
    }
  }
  return quotes
}

// Whether one of the few words before `at`, in the same clause, is a negation.
function isNegated(options: { text: string; at: number; negators: ReadonlySet<string> }): boolean {
  const before = options.text.slice(Math.max(0, options.at - 60), options.at)
  const clause = before.slice(lastBreak(before) + 1)
  const words = (clause.toLowerCase().match(/[\p{L}']+/gu) ?? []).slice(-NEGATION_REACH_WORDS)
  return words.some(
    (word, index) =>
      (options.negators.has(word) || word.endsWith("n't")) && !NOT_NEGATING_AFTER.has(words[index + 1] ?? ''),
  )
}

function lastBreak(text: string): number {
  for (let index = text.length - 1; index >= 0; index--) if (CLAUSE_BREAK.test(text[index]!)) return index
  return -1
}

// Up to this many words either side of a phrase, within its clause, so an agent finds it in the ticket.
const CONTEXT_WORDS = 2
const WORDS_BEFORE = new RegExp(`(?:\\S+\\s+){0,${CONTEXT_WORDS}}$`)
const WORDS_AFTER = new RegExp(`^(?:\\s+\\S+){0,${CONTEXT_WORDS}}`)
const MAX_QUOTE_LENGTH = 60

/** The matched phrase with a couple of the words around it, as the customer wrote them. */
function quoteInContext(options: { text: string; start: number; end: number }): string {
  const { text, start, end } = options
  const phrase = text.slice(start, end).replace(/\s+/g, ' ').trim()
  const before = text.slice(Math.max(0, start - 40), start)
  const after = text.slice(end, end + 40)
  const left = (before.slice(lastBreak(before) + 1).match(WORDS_BEFORE)?.[0] ?? '').trim()
  const firstBreak = after.search(CLAUSE_BREAK)
  const right = ((firstBreak < 0 ? after : after.slice(0, firstBreak)).match(WORDS_AFTER)?.[0] ?? '').trim()
  const quote = [left, phrase, right]
    .filter((part) => part.length > 0)
    .join(' ')
    .replace(/\s+/g, ' ')
  return quote.length <= MAX_QUOTE_LENGTH ? quote : phrase.slice(0, MAX_QUOTE_LENGTH)
}
