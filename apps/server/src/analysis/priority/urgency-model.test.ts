import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readUrgencyEmails } from '../evaluation/urgency-emails'
import { assessPriority, textWithoutTone } from './priority-rules'
import { trainUrgencyModel } from './train-urgency-model'
import { SHIPPED_URGENCY_MODEL } from './urgency-model'

// Written for this test, in situations none of the training mails has: tills that will not start in two
// shops, in English and German. The rules see an outage or a blocked business, not enough alone for high.
const TILLS = [
  {
    language: 'en',
    subject: 'Tills show licence expired',
    body: 'Hi,\n\nSince this morning the tills in our Leeds and York shops only show "licence expired" and will not start. We open at nine and cannot ring anything up.\n\nRegards,\nHannah',
  },
  {
    language: 'de',
    subject: 'Kassen starten nicht',
    body: 'Hallo,\n\nseit heute früh zeigen die Kassen in unseren Filialen in Köln und Bonn nur "Lizenz abgelaufen" und starten nicht. Wir öffnen um neun und können nichts kassieren.\n\nGruß\nHanna',
  },
] as const

describe('the urgency model beside the rules (decision 061, session 15)', () => {
  it.each(TILLS)(
    'ranks high the pressing $language mail the rules leave medium, quoting its most pressing sentence',
    (mail) => {
      expect(assessPriority({ ...mail, urgencyModel: null }).priority).toBe('medium')
      const assessed = assessPriority(mail)
      expect(assessed.priority).toBe('high')
      const reason = assessed.reasons.find((found) => found.rule === 'reads-pressing')!
      expect(reason.reason).toMatch(/^reads like mail agents rank high \(\d+% by the urgency model\)$/)
      expect(reason.evidence).toHaveLength(1)
      expect(mail.body.replace(/\s+/g, ' ')).toContain(reason.evidence[0]!.replace(/…$/, ''))
    },
  )

  it('never hears tone: "URGENT!!! ASAP" over a logo colour stays medium, and adding it changes nothing', () => {
    const calm = {
      subject: 'Logo colour',
      body: 'Hi,\n\nCould you change the colour of our logo to dark blue?\n\nJo',
    }
    const loud = {
      subject: 'URGENT!!! logo colour',
      body: 'Hi,\n\nURGENT!!! ASAP!!! Could you change the colour of our logo to dark blue by Friday? Unacceptable!!\n\nJo',
    }
    expect(assessPriority({ ...loud, language: 'en' }).priority).toBe('medium')
    const [tills] = TILLS
    const shouted = { ...tills, subject: `URGENT!!! ${tills.subject}`, body: `ASAP!!! ${tills.body}` }
    expect(SHIPPED_URGENCY_MODEL.probabilityHigh(textWithoutTone(shouted))).toBe(
      SHIPPED_URGENCY_MODEL.probabilityHigh(textWithoutTone(tills)),
    )
    expect(SHIPPED_URGENCY_MODEL.probabilityHigh(textWithoutTone({ ...calm, language: 'en' }))).toBeLessThan(
      0.2,
    )
  })

  it("leaves one person's trouble medium however pressing it reads", () => {
    const [tills] = TILLS
    const mine = {
      ...tills,
      body: `${tills.body}\nMy colleagues can log in fine, only my account is affected.`,
    }
    expect(assessPriority(mine).priority).toBe('medium')
  })

  it('ships the model that npm run train:urgency builds from the written mails', () => {
    const shipped = readFileSync(new URL('./urgency.model.json', import.meta.url), 'utf8')
    const trained = trainUrgencyModel({
      examples: [
        ...readUrgencyEmails('dev'),
        ...readUrgencyEmails('holdout'),
        ...readUrgencyEmails('training'),
      ],
      source: 'urgency-dev-emails.json + urgency-holdout-emails.json + urgency-training-emails.json',
    })
    expect(JSON.parse(shipped)).toEqual(trained)
  })
})
