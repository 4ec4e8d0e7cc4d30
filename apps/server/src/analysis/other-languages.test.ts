import { describe, expect, it } from 'vitest'
import { OTHER_LANGUAGE_EMAILS } from './evaluation/other-language-emails'
import { WRITTEN_TEST_EMAILS } from './evaluation/written-test-emails'
import { detectLanguage } from './extract/detect-language'
import { summarise } from './extract/summarise'
import { createAnalyser } from './index'
import { assessPriority } from './priority/priority-rules'
import { cleanEmailText } from './text/clean-email'

// Issue 12: German, Spanish and French mail all became General, with "Guten Tag," / "Hola," / "Bonjour,"
// as the summary. The mails are in fixtures/analysis/other-language-emails.json (written for Parsedesk).
describe.each(OTHER_LANGUAGE_EMAILS)('a $language mail: $subject', (mail) => {
  const body = cleanEmailText({ text: mail.body })
  const text = `${mail.subject}\n${body}`

  it('is known by its language', () => {
    expect(detectLanguage({ text }).code).toBe(mail.language)
  })

  it('is summarised by its first sentence, not its greeting', () => {
    expect(summarise({ subject: mail.subject, body })).toBe(mail.summary)
  })

  it("is ranked by the language's own words for urgency, outages, security, payment and what can wait", () => {
    const result = assessPriority({ subject: mail.subject, body, language: mail.language })
    expect(result.priority).toBe(mail.priority)
    for (const rule of mail.rules) {
      const reason = result.reasons.find((found) => found.rule === rule)
      expect(reason, rule).toBeDefined()
      // Each reason quotes the mail as it was written.
      for (const quote of reason!.evidence) expect(text.replace(/\s+/g, ' ')).toContain(quote)
    }
  })
})

describe('the analysis of mail in other languages', () => {
  it('turns a negation of the language around: "nicht dringend" is not urgent', () => {
    const result = assessPriority({
      subject: 'Frage',
      body: 'Es ist nicht dringend, aber der Export funktioniert nicht.',
      language: 'de',
    })
    expect(result.reasons.map((reason) => reason.rule)).not.toContain('urgency')
    expect(result.reasons.map((reason) => reason.rule)).toContain('outage')
  })

  it('reads the words of the language it is written in, not those of another', () => {
    // Dutch "storing" is an outage; in an English ticket it is storing data.
    const dutch = assessPriority({ subject: '', body: 'De storing duurt al een uur.', language: 'nl' })
    expect(dutch.reasons.map((reason) => reason.rule)).toContain('outage')
    const english = 'We are storing the files in the cloud.'
    expect(detectLanguage({ text: english }).code).toBe('en')
    expect(assessPriority({ subject: '', body: english, language: 'en' }).reasons).toEqual([])
  })

  it('says plainly that a ticket the model cannot place needs triage, with its closest guess', async () => {
    const analyser = await createAnalyser()
    // Nothing in it says what it is about: no category word in any language.
    const result = await analyser.analyse({
      subject: 'Frage',
      body: 'Guten Tag,\n\nich habe eine Frage zu dem, was wir gestern besprochen haben. Können Sie mich zurückrufen?\n\nViele Grüße\nAnna Berg',
    })
    expect(result.category).toBe('Other')
    expect(result.details!.language).toBe('German')
    expect(result.details!.categoryReason).toMatch(
      /^needs triage \(written in German; read through its words in English, no category fits well: closest is [\w ]+ at \d+%\)$/,
    )
    expect(result.analysis.split('\n')[1]).toBe(`Category: Other (${result.details!.categoryReason}).`)
    expect(result.details!.nextStep).toBe(
      'Needs triage: it is written in German. Read it, or pass it to a colleague who reads German, then choose its category and reply.',
    )
  })

  it('never sends English mail to triage for its language', () => {
    for (const mail of WRITTEN_TEST_EMAILS) {
      const text = `${mail.subject}\n${cleanEmailText({ text: mail.body })}`
      expect(detectLanguage({ text }).code, mail.subject).toBe('en')
    }
  })
})
