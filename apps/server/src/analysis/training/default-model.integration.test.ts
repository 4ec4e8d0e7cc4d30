import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { CategoryKey, DEFAULT_TICKET_CATEGORIES } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { readCsv } from '../data/read-csv'
import { WRITTEN_TEST_EMAILS } from '../evaluation/written-test-emails'
import { createAnalyser, DEFAULT_MODEL_PATH } from '../index'
import { ZModelFile } from '../model/model-file'
import { trainClassifier } from '../model/train-classifier'
import { locateSharedData } from '../testing/shared-data'
import { buildDefaultTrainingSet } from './default-training-set'
import { relabelBitext } from './relabel-bitext'
import { relabelItService } from './relabel-it-service'
import { WRITTEN_EMAIL_EXAMPLES, WRITTEN_EXAMPLES } from './written-examples'

const bitext = locateSharedData({ relativePath: 'tickets/bitext/train.csv' })
const itService = locateSharedData({ relativePath: 'tickets/it-service/train.csv' })
const tobiBueck = locateSharedData({ relativePath: 'tickets/tobi-bueck-eval-only/dev.csv' })

// The share of mail the model cannot place that the issue allows; measured 11.9% on the written test
// emails (10 of the 101 are "other" by their label) and 8.1% on the Tobi-Bueck emails.
const MAX_OTHER_SHARE = 0.15
// Measured 0.802 on the written test emails; each email is a point, and retraining on other examples
// moved it by three either way.
const WRITTEN_ACCURACY_FLOOR = 0.77

describe('the committed default model', () => {
  it('knows every category of the default taxonomy by key and name, except spam, which rules find', async () => {
    const { size } = await stat(DEFAULT_MODEL_PATH)
    expect(size).toBeLessThan(2 * 1024 * 1024)
    const file = ZModelFile.parse(JSON.parse(await readFile(DEFAULT_MODEL_PATH, 'utf8')))
    const learnt = DEFAULT_TICKET_CATEGORIES.filter((category) => category.key !== CategoryKey.spam)
    expect(file.labels).toEqual(learnt.map((category) => category.key).sort())
    expect(file.displayLabels).toEqual(
      file.labels.map((label) => DEFAULT_TICKET_CATEGORIES.find((c) => c.key === label)!.name),
    )
  })

  it('places all but a few of the written support emails, mostly in the category an agent would choose', async () => {
    const analyser = await createAnalyser()
    const results = await Promise.all(WRITTEN_TEST_EMAILS.map((email) => analyser.analyse(email)))
    const keys = results.map((result) => result.details!.categoryLabel)
    const otherShare = keys.filter((key) => key === CategoryKey.other).length / keys.length
    const accuracy = keys.filter((key, i) => key === WRITTEN_TEST_EMAILS[i]!.category).length / keys.length
    expect(otherShare).toBeLessThan(MAX_OTHER_SHARE)
    expect(accuracy).toBeGreaterThanOrEqual(WRITTEN_ACCURACY_FLOOR)
  })

  it.skipIf(!tobiBueck.isPresent)('places at least 85% of the Tobi-Bueck support emails', async () => {
    const analyser = await createAnalyser()
    const rows = await readCsv({ path: tobiBueck.path })
    let other = 0
    for (const row of rows) {
      const result = await analyser.analyse({ subject: row.subject ?? '', body: row.body ?? '' })
      if (result.details!.categoryLabel === CategoryKey.other) other++
    }
    expect(other / rows.length).toBeLessThan(MAX_OTHER_SHARE)
  })

  it.skipIf(!bitext.isPresent || !itService.isPresent)(
    'is rebuilt byte for byte by `npm run train -- --default`',
    async () => {
      const { examples, source, displayLabelOf } = await buildDefaultTrainingSet({
        dataDir: path.resolve(bitext.path, '../../..'),
      })
      const result = trainClassifier({ examples, source, displayLabelOf })
      const committed = await readFile(DEFAULT_MODEL_PATH, 'utf8')
      expect(JSON.stringify(result.file) === committed).toBe(true)
    },
  )
})

describe('relabelling rules', () => {
  it('maps every Bitext intent, cancelling an order to cancellation, and stops on an intent it does not know', () => {
    expect(relabelBitext({ intent: 'cancel_order' })).toBe('refund-cancellation')
    expect(relabelBitext({ intent: 'track_order' })).toBe('orders-delivery')
    expect(relabelBitext({ intent: 'newsletter_subscription' })).toBe('privacy-legal')
    expect(relabelBitext({ intent: 'contact_human_agent' })).toBeNull()
    expect(() => relabelBitext({ intent: 'book_flight' })).toThrow(/book_flight/)
  })

  it('keeps only the IT-service rows that read like a customer would write them', () => {
    expect(relabelItService({ category: 'Hardware', text: 'laptop screen broken since monday' })).toBe(
      'technical-problem',
    )
    expect(relabelItService({ category: 'Hardware', text: 'password expired laptop' })).toBeNull()
    expect(relabelItService({ category: 'Hardware', text: 'skill matrix request' })).toBeNull()
    expect(relabelItService({ category: 'Access', text: 'account locked after reset' })).toBe(
      'account-access',
    )
    expect(relabelItService({ category: 'Purchase', text: 'new purchase po' })).toBeNull()
  })

  it('trains on no written example that the evaluation emails also hold', () => {
    const written = new Set(
      [WRITTEN_EXAMPLES, WRITTEN_EMAIL_EXAMPLES].flatMap((examples) => Object.values(examples).flat()),
    )
    for (const email of WRITTEN_TEST_EMAILS) {
      expect(written.has(email.body)).toBe(false)
      expect(written.has(`${email.subject}\n${email.body}`)).toBe(false)
    }
  })
})
