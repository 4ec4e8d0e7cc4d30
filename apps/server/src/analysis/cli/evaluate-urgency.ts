import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { FIXTURES_DIR } from '../data/read-fixture'
import { formatUrgencyScores, scoreUrgency } from '../evaluation/score-urgency'
import { readUrgencyEmails, type TUrgencySet, URGENCY_FILES } from '../evaluation/urgency-emails'
import { DEFAULT_MODEL_PATH } from '../index'
import { createLocalAnalyser } from '../local-analyser'
import { loadClassifier } from '../model/classifier'

// npm run --silent evaluate:urgency [-- --sets dev,holdout] [-- --show-missed]: the shipped local analyser's
// priority on the written urgency mails, per language and overall, for every file (dev, holdout, holdout2)
// unless --sets names some. Only the dev file's missed mails are printed by position (and with
// --show-missed in full); for the held-out files only aggregate figures, so reading the output does not tune
// anything to them. A file not written yet is said to be missing.
const { values } = parseArgs({
  options: {
    sets: { type: 'string', default: Object.keys(URGENCY_FILES).join(',') },
    'show-missed': { type: 'boolean', default: false },
  },
})
const sets = values.sets.split(',').map((set) => set.trim())
const unknown = sets.filter((set) => !(set in URGENCY_FILES))
if (unknown.length > 0) {
  process.stderr.write(
    `unknown set(s): ${unknown.join(', ')}; known: ${Object.keys(URGENCY_FILES).join(', ')}\n`,
  )
  process.exit(2)
}
const analyser = createLocalAnalyser({ classifier: await loadClassifier({ path: DEFAULT_MODEL_PATH }) })
for (const set of sets as TUrgencySet[]) {
  if (!existsSync(path.join(FIXTURES_DIR, URGENCY_FILES[set]))) {
    process.stdout.write(`urgency, ${set} file: ${URGENCY_FILES[set]} is not there yet\n\n`)
    continue
  }
  const emails = readUrgencyEmails(set)
  const scores = scoreUrgency({ emails, rank: (input) => analyser.analyseNow(input).priority })
  process.stdout.write(`${formatUrgencyScores({ title: `urgency, ${set} file`, scores })}\n`)
  if (set === 'dev') {
    const missed = scores.find((score) => score.group === 'all')?.missedHigh ?? []
    process.stdout.write(`missed high mails (positions): ${missed.join(', ') || 'none'}\n`)
    if (values['show-missed'])
      for (const index of missed) {
        const email = emails[index]!
        const reasons = analyser.analyseNow(email).details?.priorityReasons ?? []
        process.stdout.write(
          `\n#${index} [${email.language}] ${email.subject}\n${email.body}\n  -> ${reasons.join('; ') || 'no reason'}\n`,
        )
      }
  }
  process.stdout.write('\n')
}
