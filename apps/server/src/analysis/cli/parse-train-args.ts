import { parseArgs } from 'node:util'
import type { TFeatureConfig } from '../model/features'
import type { TTrainingSettings } from '../model/linear'

/** A labelled CSV, or the default model's own examples (the taxonomy's relabelled data and written texts). */
export type TTrainingSource =
  | { kind: 'csv'; csv: string; textColumns: string[]; labelColumn: string }
  | { kind: 'default'; dataDir: string | undefined }

export type TTrainArgs = {
  source: TTrainingSource
  out: string | undefined
  holdoutFraction: number
  splitSeed: number
  features: Partial<TFeatureConfig>
  settings: Partial<TTrainingSettings>
}

export const TRAIN_USAGE = `usage: train (--csv FILE --text COL[,COL...] --label COL | --default [--data-dir DIR]) [--out MODEL.json]
  [--holdout 0.2] [--split-seed 7] [--seed 42] [--epochs 12] [--learning-rate 0.5] [--l2 1e-6]
  [--hash-bits 18] [--word-ngrams 2] [--char-ngrams 2-5 | --char-ngrams 0]`

/** Reads the train command's flags; throws with the usage text when one is missing or malformed. */
export function parseTrainArgs(options: { args: string[] }): TTrainArgs {
  const { values } = parseArgs({
    args: options.args,
    options: {
      csv: { type: 'string' },
      default: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      text: { type: 'string' },
      label: { type: 'string' },
      out: { type: 'string' },
      holdout: { type: 'string' },
      'split-seed': { type: 'string' },
      seed: { type: 'string' },
      epochs: { type: 'string' },
      'learning-rate': { type: 'string' },
      l2: { type: 'string' },
      'hash-bits': { type: 'string' },
      'word-ngrams': { type: 'string' },
      'char-ngrams': { type: 'string' },
    },
  })
  const isCsv = Boolean(values.csv || values.text || values.label)
  if (values.default === isCsv || (isCsv && (!values.csv || !values.text || !values.label)))
    throw new Error(TRAIN_USAGE)
  const number = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined
    const parsed = Number(value)
    if (!Number.isFinite(parsed)) throw new Error(`--${name} must be a number\n${TRAIN_USAGE}`)
    return parsed
  }
  const features: Partial<TFeatureConfig> = {}
  const hashBits = number('hash-bits', values['hash-bits'])
  if (hashBits !== undefined) features.hashBits = hashBits
  const wordNgrams = number('word-ngrams', values['word-ngrams'])
  if (wordNgrams !== undefined) features.wordNgramMax = wordNgrams
  if (values['char-ngrams'] !== undefined) Object.assign(features, parseCharNgrams(values['char-ngrams']))
  const settings: Partial<TTrainingSettings> = {}
  for (const [flag, key] of [
    ['seed', 'seed'],
    ['epochs', 'epochs'],
    ['learning-rate', 'learningRate'],
    ['l2', 'l2'],
  ] as const) {
    const value = number(flag, values[flag])
    if (value !== undefined) settings[key] = value
  }
  const holdoutFraction = number('holdout', values.holdout) ?? 0.2
  if (holdoutFraction < 0 || holdoutFraction >= 1)
    throw new Error(`--holdout must be in [0, 1)\n${TRAIN_USAGE}`)
  return {
    source: isCsv
      ? {
          kind: 'csv',
          csv: values.csv!,
          textColumns: values
            .text!.split(',')
            .map((column) => column.trim())
            .filter(Boolean),
          labelColumn: values.label!,
        }
      : { kind: 'default', dataDir: values['data-dir'] },
    out: values.out,
    holdoutFraction,
    splitSeed: number('split-seed', values['split-seed']) ?? 7,
    features,
    settings,
  }
}

function parseCharNgrams(value: string): Pick<TFeatureConfig, 'charNgramMin' | 'charNgramMax'> {
  if (value === '0') return { charNgramMin: 1, charNgramMax: 0 }
  const match = /^(\d)-(\d)$/.exec(value)
  if (!match || Number(match[1]) > Number(match[2]))
    throw new Error(`--char-ngrams must look like 2-5 or 0\n${TRAIN_USAGE}`)
  return { charNgramMin: Number(match[1]), charNgramMax: Number(match[2]) }
}
