import type { TSparseVector } from './features'
import { createRandom, shuffle } from './random'

/** A multinomial logistic regression over hashed features: one weight per slot and label, plus a bias. */
export type TLinearModel = {
  labelCount: number
  dims: number
  /** Row-major: the weights of slot j for all labels sit at j * labelCount ... j * labelCount + labelCount - 1. */
  weights: Float32Array
  bias: Float32Array
}

export type TTrainingSettings = {
  epochs: number
  /** Starting step size; it falls linearly to zero over the run. */
  learningRate: number
  /** L2 penalty applied to the weights an example touches. */
  l2: number
  seed: number
}

export const DEFAULT_TRAINING_SETTINGS: TTrainingSettings = {
  epochs: 12,
  learningRate: 0.5,
  l2: 1e-6,
  seed: 42,
}

export type TrainLinearOptions = {
  vectors: readonly TSparseVector[]
  targets: readonly number[]
  labelCount: number
  dims: number
  settings: TTrainingSettings
}

/**
 * Fits the model by stochastic gradient descent on the cross-entropy loss, visiting examples in a
 * seeded order each epoch, so the same data and settings always give the same weights.
 */
export function trainLinear(options: TrainLinearOptions): TLinearModel {
  const { vectors, targets, labelCount, dims, settings } = options
  const model: TLinearModel = {
    labelCount,
    dims,
    weights: new Float32Array(dims * labelCount),
    bias: new Float32Array(labelCount),
  }
  const random = createRandom({ seed: settings.seed })
  const order = vectors.map((_, index) => index)
  const totalSteps = Math.max(1, settings.epochs * vectors.length)
  const probabilities = new Float64Array(labelCount)
  let step = 0
  for (let epoch = 0; epoch < settings.epochs; epoch++) {
    for (const index of shuffle({ items: order, random })) {
      const rate = settings.learningRate * (1 - step / totalSteps)
      step++
      const vector = vectors[index]!
      computeProbabilities({ model, vector, into: probabilities })
      const target = targets[index]!
      const decay = 1 - rate * settings.l2
      for (let k = 0; k < labelCount; k++) {
        const gradient = probabilities[k]! - (k === target ? 1 : 0)
        model.bias[k] = model.bias[k]! - rate * gradient
        probabilities[k] = gradient
      }
      for (let i = 0; i < vector.indices.length; i++) {
        const base = vector.indices[i]! * labelCount
        const value = vector.values[i]!
        for (let k = 0; k < labelCount; k++) {
          model.weights[base + k] = model.weights[base + k]! * decay - rate * probabilities[k]! * value
        }
      }
    }
  }
  return model
}

/** Writes the label probabilities (softmax of the scores) of one vector into `into`. */
export function computeProbabilities(options: {
  model: TLinearModel
  vector: TSparseVector
  into: Float64Array
}): Float64Array {
  const { model, vector, into } = options
  const { labelCount, weights, bias } = model
  for (let k = 0; k < labelCount; k++) into[k] = bias[k]!
  for (let i = 0; i < vector.indices.length; i++) {
    const base = vector.indices[i]! * labelCount
    const value = vector.values[i]!
    for (let k = 0; k < labelCount; k++) into[k] = into[k]! + weights[base + k]! * value
  }
  return softmaxInPlace({ scores: into, count: labelCount })
}

/** Turns the first `count` scores into probabilities, shifted by the maximum so large scores cannot overflow. */
export function softmaxInPlace(options: { scores: Float64Array; count: number }): Float64Array {
  const { scores, count } = options
  let max = Number.NEGATIVE_INFINITY
  for (let k = 0; k < count; k++) max = Math.max(max, scores[k]!)
  let sum = 0
  for (let k = 0; k < count; k++) {
    scores[k] = Math.exp(scores[k]! - max)
    sum += scores[k]!
  }
  for (let k = 0; k < count; k++) scores[k] = scores[k]! / sum
  return scores
}
