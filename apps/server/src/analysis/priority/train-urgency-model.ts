import { detectLanguage } from '../extract/detect-language'
import type { TFeatureConfig } from '../model/features'
import type { TTrainingSettings } from '../model/linear'
import type { TModelFile } from '../model/model-file'
import { trainClassifier } from '../model/train-classifier'
import { cleanEmailText } from '../text/clean-email'
import { textWithoutTone } from './priority-rules'
import { HIGH_LABEL, NOT_HIGH_LABEL } from './urgency-model'

/** A written mail and the priority an agent would give it. */
export type TUrgencyExample = { subject: string; body: string; priority: string }

/**
 * Character n-grams of 3 to 5 letters inside words and single words and word pairs; 2^16 slots keep the
 * shipped file near 100 kB. Chosen by cross-validation over the two urgency files (decision 061, session 15):
 * 2 to 5 letters or words alone did as well or a little worse.
 */
export const URGENCY_FEATURES: Partial<TFeatureConfig> = { hashBits: 16, charNgramMin: 3, charNgramMax: 5 }
export const URGENCY_SETTINGS: Partial<TTrainingSettings> = { epochs: 30, l2: 1e-4 }

/** The text the model learns from and reads: cleaned as the analyser cleans it, its tone blanked. */
export function urgencyModelText(example: Pick<TUrgencyExample, 'subject' | 'body'>): string {
  const body = cleanEmailText({ text: example.body })
  const language = detectLanguage({ text: `${example.subject}\n${body}` }).code
  return textWithoutTone({ subject: example.subject, body, language })
}

/** Trains the urgency model on every example given (high against the rest), deterministically. */
export function trainUrgencyModel(options: {
  examples: readonly TUrgencyExample[]
  source: string
}): TModelFile {
  return trainClassifier({
    examples: options.examples.map((example) => ({
      text: urgencyModelText(example),
      label: example.priority === 'high' ? HIGH_LABEL : NOT_HIGH_LABEL,
    })),
    holdoutFraction: 0,
    features: URGENCY_FEATURES,
    settings: URGENCY_SETTINGS,
    source: { name: options.source, textColumns: ['subject', 'body'], labelColumn: 'priority' },
    displayLabelOf: (label) => (label === HIGH_LABEL ? 'High' : 'Not high'),
  }).file
}
