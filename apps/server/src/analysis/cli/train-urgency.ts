import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type { TAnalysisInput, TTicketPriority } from '@parsedesk/contracts'
import { formatUrgencyScores, scoreUrgency } from '../evaluation/score-urgency'
import { readUrgencyEmails, type TUrgencyEmail } from '../evaluation/urgency-emails'
import { prepareTicket } from '../local-analyser'
import { assessPriority } from '../priority/priority-rules'
import { trainUrgencyModel, urgencyModelText } from '../priority/train-urgency-model'
import { createUrgencyModel, MODEL_HIGH_AT, type TUrgencyModel } from '../priority/urgency-model'
import { detectSpam } from '../spam/detect-spam'

// npm run train:urgency [-- --cross-validate]: trains the urgency model on the dev and holdout urgency files
// and the mails written for training, and writes it to priority/urgency.model.json. With --cross-validate it
// writes nothing and prints, for a model trained on one file and the training mails and scored on the other
// (both ways), the rules alone, the model alone and both together, per language. The second held-out file
// (holdout2) is never read here.
const { values } = parseArgs({ options: { 'cross-validate': { type: 'boolean', default: false } } })
const MODEL_PATH = fileURLToPath(new URL('../priority/urgency.model.json', import.meta.url))

const dev = readUrgencyEmails('dev')
const holdout = readUrgencyEmails('holdout')
const training = readUrgencyEmails('training')

if (values['cross-validate']) {
  const folds = [
    { trainedOn: 'dev + training mails', train: [...dev, ...training], scoredOn: 'holdout', test: holdout },
    { trainedOn: 'holdout + training mails', train: [...holdout, ...training], scoredOn: 'dev', test: dev },
    { trainedOn: 'dev + holdout', train: [...dev, ...holdout], scoredOn: 'training mails', test: training },
  ]
  for (const fold of folds) {
    const model = createUrgencyModel({
      file: trainUrgencyModel({ examples: fold.train, source: fold.trainedOn }),
    })
    const ways: [string, (input: TAnalysisInput) => TTicketPriority][] = [
      ['rules alone', (input) => rankWith({ input, model: null })],
      [
        'model alone',
        (input) => (model.probabilityHigh(urgencyModelText(input)) >= MODEL_HIGH_AT ? 'high' : 'medium'),
      ],
      ['rules and model', (input) => rankWith({ input, model })],
    ]
    for (const [way, rank] of ways) {
      const title = `${way}, model trained on ${fold.trainedOn}, scored on ${fold.scoredOn}`
      process.stdout.write(
        `${formatUrgencyScores({ title, scores: scoreUrgency({ emails: fold.test, rank }) })}\n\n`,
      )
    }
  }
} else {
  const examples: TUrgencyEmail[] = [...dev, ...holdout, ...training]
  const file = trainUrgencyModel({
    examples,
    source: 'urgency-dev-emails.json + urgency-holdout-emails.json + urgency-training-emails.json',
  })
  writeFileSync(MODEL_PATH, `${JSON.stringify(file)}\n`)
  process.stdout.write(`urgency model: ${examples.length} mails, written to ${MODEL_PATH}\n`)
}

/** The priority the local analyser gives, with the urgency model given (or none). */
function rankWith(options: { input: TAnalysisInput; model: TUrgencyModel | null }): TTicketPriority {
  const ticket = prepareTicket(options.input)
  if (detectSpam({ subject: ticket.subject, body: ticket.rawBody, headers: ticket.headers })) return 'low'
  return assessPriority({
    subject: ticket.subject,
    body: ticket.body,
    language: ticket.language.code,
    urgencyModel: options.model,
  }).priority
}
