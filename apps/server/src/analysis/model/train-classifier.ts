import { createClassifier, type TTextClassifier, vectoriseText } from './classifier'
import { DEFAULT_FEATURE_CONFIG, type TFeatureConfig } from './features'
import { humaniseLabel } from './labels'
import { DEFAULT_TRAINING_SETTINGS, type TTrainingSettings, trainLinear } from './linear'
import { measureClassification, measureMajorityBaseline, type TClassificationMetrics } from './metrics'
import { encodeWeights, MODEL_FORMAT, type TModelFile } from './model-file'
import { splitKeepingNearDuplicates } from './split-near-duplicates'

export type TLabelledText = {
  text: string
  label: string
  /** How many times training visits the example (1 unless set); a held-out example is measured once. */
  weight?: number
}

export type TrainClassifierOptions = {
  examples: readonly TLabelledText[]
  features?: Partial<TFeatureConfig>
  settings?: Partial<TTrainingSettings>
  /**
   * Share of each label held out for evaluation, in whole near-duplicate groups; 0 trains on everything
   * and reports no held-out figures.
   */
  holdoutFraction?: number
  splitSeed?: number
  /** Where the examples came from, recorded in the model file. */
  source: { name: string; textColumns: string[]; labelColumn: string }
  /** The label in words people read; by default the label itself, made readable (`humaniseLabel`). */
  displayLabelOf?: (label: string) => string
}

export type TTrainingResult = {
  file: TModelFile
  classifier: TTextClassifier
  /** Figures of the saved (quantised) model on the held-out part, or undefined without one. */
  holdout?: TClassificationMetrics
  baseline?: TClassificationMetrics & { majorityLabel: string }
}

/**
 * Splits the examples (near-duplicates on one side), trains a linear model on the training part, saves it
 * to the compact model format and measures the saved model (not the float weights) on the held-out part.
 */
export function trainClassifier(options: TrainClassifierOptions): TTrainingResult {
  const features: TFeatureConfig = { ...DEFAULT_FEATURE_CONFIG, ...options.features }
  const settings: TTrainingSettings = { ...DEFAULT_TRAINING_SETTINGS, ...options.settings }
  const holdoutFraction = options.holdoutFraction ?? 0.2
  const examples = options.examples.filter((example) => example.label.trim().length > 0)
  const { train, holdout } =
    holdoutFraction > 0
      ? splitKeepingNearDuplicates({
          items: examples,
          textOf: (e) => e.text,
          labelOf: (e) => e.label,
          holdoutFraction,
          seed: options.splitSeed ?? 7,
        })
      : { train: [...examples], holdout: [] }
  const labels = [...new Set(train.map((example) => example.label))].sort()
  if (labels.length < 2) throw new Error(`need at least two labels to train, found ${labels.length}`)
  const labelIndex = new Map(labels.map((label, index) => [label, index]))

  const visits = train.flatMap((example) => Array.from({ length: example.weight ?? 1 }, () => example))
  const model = trainLinear({
    vectors: visits.map((example) => vectoriseText({ text: example.text, config: features })),
    targets: visits.map((example) => labelIndex.get(example.label)!),
    labelCount: labels.length,
    dims: 2 ** features.hashBits,
    settings,
  })
  const file: TModelFile = {
    format: MODEL_FORMAT,
    version: 1,
    labels,
    displayLabels: labels.map((label) => options.displayLabelOf?.(label) ?? humaniseLabel({ label })),
    features,
    ...encodeWeights({ model }),
    training: {
      source: options.source.name,
      textColumns: options.source.textColumns,
      labelColumn: options.source.labelColumn,
      trainRows: train.length,
      holdoutRows: holdout.length,
      settings: { ...settings, holdoutFraction, splitSeed: options.splitSeed ?? 7 },
    },
  }
  const classifier = createClassifier({ file })
  if (holdout.length === 0) return { file, classifier }

  const expected = holdout.map((example) => example.label)
  const holdoutMetrics = measureClassification({
    expected,
    predicted: holdout.map((example) => classifier.classify({ text: example.text }).label),
  })
  const baseline = measureMajorityBaseline({ trainLabels: train.map((example) => example.label), expected })
  file.training.holdout = {
    accuracy: holdoutMetrics.accuracy,
    macroF1: holdoutMetrics.macroF1,
    perLabel: holdoutMetrics.perLabel,
  }
  return { file, classifier, holdout: holdoutMetrics, baseline }
}
