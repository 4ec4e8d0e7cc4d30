import { parseArgs } from 'node:util'
import { formatUrgencyScores, scoreUrgency } from '../evaluation/score-urgency'
import { readUrgencyEmails, type TUrgencySet } from '../evaluation/urgency-emails'
import { DEFAULT_MODEL_PATH } from '../index'
import { createLocalAnalyser } from '../local-analyser'
import { loadClassifier } from '../model/classifier'

// npm run --silent evaluate:urgency [-- --show-missed]: the shipped local analyser's priority on the
// written urgency mails, per language and overall. For the holdout file only the positions of missed high
// mails are printed, never their text, so reading the output does not tune the rules to it; --show-missed
// prints the dev file's missed high mails in full.
const { values } = parseArgs({ options: { 'show-missed': { type: 'boolean', default: false } } })
const analyser = createLocalAnalyser({ classifier: await loadClassifier({ path: DEFAULT_MODEL_PATH }) })
const sets: TUrgencySet[] = ['dev', 'holdout']
for (const set of sets) {
  const emails = readUrgencyEmails(set)
  const scores = scoreUrgency({ emails, rank: (input) => analyser.analyseNow(input).priority })
  process.stdout.write(`${formatUrgencyScores({ title: `urgency, ${set} file`, scores })}\n`)
  const missed = scores.find((score) => score.group === 'all')?.missedHigh ?? []
  process.stdout.write(`missed high mails (positions): ${missed.join(', ') || 'none'}\n`)
  if (set === 'dev' && values['show-missed'])
    for (const index of missed) {
      const email = emails[index]!
      const reasons = analyser.analyseNow(email).details?.priorityReasons ?? []
      process.stdout.write(
        `\n#${index} [${email.language}] ${email.subject}\n${email.body}\n  -> ${reasons.join('; ') || 'no reason'}\n`,
      )
    }
  process.stdout.write('\n')
}
