import { describe, expect, it } from 'vitest'
import { detectLanguage } from '../extract/detect-language'
import { DEFAULT_MODEL_PATH } from '../index'
import { createLocalAnalyser } from '../local-analyser'
import { loadClassifier } from '../model/classifier'
import { assessPriority } from '../priority/priority-rules'
import { trainUrgencyModel } from '../priority/train-urgency-model'
import { createUrgencyModel } from '../priority/urgency-model'
import { cleanEmailText } from '../text/clean-email'
import { scoreUrgency } from './score-urgency'
import { readUrgencyEmails } from './urgency-emails'

const analyser = createLocalAnalyser({ classifier: await loadClassifier({ path: DEFAULT_MODEL_PATH }) })
const scoresOf = (set: 'dev' | 'holdout') =>
  scoreUrgency({ emails: readUrgencyEmails(set), rank: (input) => analyser.analyseNow(input).priority })

describe('urgency an agent would agree with (issue 28 item 3)', () => {
  // Since session 15 both files are tuning data: the rules were read off the dev file and the shipped urgency
  // model is trained on both, so these are figures on mail the analysis has seen, kept as a floor.
  it('ranks the mails of both files high where an agent would, in every language', () => {
    for (const set of ['dev', 'holdout'] as const)
      for (const score of scoresOf(set)) {
        expect(score.highPrecision, `${set} ${score.group}`).toBeGreaterThanOrEqual(0.8)
        expect(score.highRecall, `${set} ${score.group}`).toBeGreaterThanOrEqual(0.9)
      }
  })

  // The honest figure: a model trained without the holdout file (dev file and the training mails), beside the
  // rules, on the holdout file. Rules alone: precision 0.80, recall 0.50; with this model 0.86 and 0.89
  // (decision 061, session 15). Part of that gain is the two files' shared writer and situations.
  it('finds the pressing mails of a file the model was not trained on', () => {
    const model = createUrgencyModel({
      file: trainUrgencyModel({
        examples: [...readUrgencyEmails('dev'), ...readUrgencyEmails('training')],
        source: 'dev + training',
      }),
    })
    const [all] = scoreUrgency({
      emails: readUrgencyEmails('holdout'),
      rank: (input) => {
        const body = cleanEmailText({ text: input.body })
        const language = detectLanguage({ text: `${input.subject}\n${body}` }).code
        return assessPriority({ subject: input.subject, body, language, urgencyModel: model }).priority
      },
    }).filter((score) => score.group === 'all')
    expect(all!.highPrecision).toBeGreaterThanOrEqual(0.85)
    expect(all!.highRecall).toBeGreaterThanOrEqual(0.85)
  })

  // Mail nobody tuned on: 210 mails written in session 15 by a helper who never read the rules, the model or
  // the other files, scored once (19:06 UTC) after the model was shipped: 0.85 / 0.95 (decision 061). Kept as
  // a floor; the file is never read to change the rules.
  it('meets the aim on the second held-out file, in every language', () => {
    const scores = scoreUrgency({
      emails: readUrgencyEmails('holdout2'),
      rank: (input) => analyser.analyseNow(input).priority,
    })
    for (const score of scores) {
      expect(score.highPrecision, score.group).toBeGreaterThanOrEqual(0.75)
      expect(score.highRecall, score.group).toBeGreaterThanOrEqual(0.9)
    }
    const all = scores.find((score) => score.group === 'all')
    expect(all?.highPrecision).toBeGreaterThanOrEqual(0.85)
    expect(all?.highRecall).toBeGreaterThanOrEqual(0.95)
  })
})
