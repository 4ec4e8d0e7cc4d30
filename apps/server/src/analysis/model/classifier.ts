import { readFile } from 'node:fs/promises'
import { cleanEmailText } from '../text/clean-email'
import { tokenise } from '../text/tokenise'
import { extractFeatures, type TFeatureConfig, type TSparseVector } from './features'
import { softmaxInPlace } from './linear'
import { decodeWeights, rowOfSlot, type TCompactLinearModel, type TModelFile, ZModelFile } from './model-file'

export type TPrediction = {
  label: string
  displayLabel: string
  confidence: number
  /** Every label with its probability, most likely first. */
  ranked: { label: string; displayLabel: string; probability: number }[]
}

export type TTextClassifier = {
  file: TModelFile
  classify(options: { text: string }): TPrediction
}

/** The one way text becomes a vector, for training and prediction alike. */
export function vectoriseText(options: { text: string; config: TFeatureConfig }): TSparseVector {
  const tokens = tokenise({
    text: cleanEmailText({ text: options.text }),
    maxTokens: options.config.maxTokens,
  })
  return extractFeatures({ tokens, config: options.config })
}

/** Builds a classifier from a parsed model file; the weights are expanded once here, not per call. */
export function createClassifier(options: { file: unknown }): TTextClassifier {
  const file = ZModelFile.parse(options.file)
  const model = decodeWeights({ file })
  const scores = new Float64Array(model.labelCount)
  return {
    file,
    classify({ text }) {
      const vector = vectoriseText({ text, config: file.features })
      scoreVector({ model, vector, into: scores })
      const ranked = file.labels
        .map((label, k) => ({ label, displayLabel: file.displayLabels[k]!, probability: scores[k]! }))
        .sort((a, b) => b.probability - a.probability)
      const top = ranked[0]!
      return { label: top.label, displayLabel: top.displayLabel, confidence: top.probability, ranked }
    },
  }
}

/** Reads, validates and loads a model file from disk. */
export async function loadClassifier(options: { path: string }): Promise<TTextClassifier> {
  const content = await readFile(options.path, 'utf8')
  return createClassifier({ file: JSON.parse(content) })
}

/** Writes label probabilities (softmax of the linear scores) into `into`. */
export function scoreVector(options: {
  model: TCompactLinearModel
  vector: TSparseVector
  into: Float64Array
}): Float64Array {
  const { model, vector, into } = options
  const { labelCount, quantised, weightScale, bias } = model
  for (let k = 0; k < labelCount; k++) into[k] = bias[k]!
  for (let i = 0; i < vector.indices.length; i++) {
    const row = rowOfSlot(model, vector.indices[i]!)
    if (row < 0) continue
    const base = row * labelCount
    const value = vector.values[i]!
    for (let k = 0; k < labelCount; k++) {
      into[k] = into[k]! + Math.fround(quantised[base + k]! * weightScale) * value
    }
  }
  return softmaxInPlace({ scores: into, count: labelCount })
}
