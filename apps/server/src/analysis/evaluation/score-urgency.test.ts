import { describe, expect, it } from 'vitest'
import { DEFAULT_MODEL_PATH } from '../index'
import { createLocalAnalyser } from '../local-analyser'
import { loadClassifier } from '../model/classifier'
import { scoreUrgency } from './score-urgency'
import { readUrgencyEmails } from './urgency-emails'

const analyser = createLocalAnalyser({ classifier: await loadClassifier({ path: DEFAULT_MODEL_PATH }) })
const scoresOf = (set: 'dev' | 'holdout') =>
  scoreUrgency({ emails: readUrgencyEmails(set), rank: (input) => analyser.analyseNow(input).priority })

describe('urgency an agent would agree with (issue 28 item 3)', () => {
  it('ranks the dev mails the rules were tuned on high where an agent would, in every language', () => {
    for (const score of scoresOf('dev')) {
      expect(score.highPrecision, score.group).toBeGreaterThanOrEqual(0.6)
      expect(score.highRecall, score.group).toBeGreaterThanOrEqual(0.7)
    }
  })

  // The aim's recall (0.7) is NOT met on the held-out mails: these are the figures measured once after
  // session 14's change (precision 0.80, recall 0.50; 0.55 and 0.30 before it, decision 061), kept as a
  // floor so a change that ranks fewer pressing mails high, or more calm ones, fails.
  it('keeps the held-out figures at least where they were measured', () => {
    const all = scoresOf('holdout').find((score) => score.group === 'all')!
    expect(all.highPrecision).toBeGreaterThanOrEqual(0.8)
    expect(all.highRecall).toBeGreaterThanOrEqual(0.5)
  })
})
