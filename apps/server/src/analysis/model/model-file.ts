import { z } from 'zod'
import type { TLinearModel } from './linear'

export const MODEL_FORMAT = 'parsedesk-text-classifier'

const ZFeatureConfig = z.object({
  hashBits: z.number().int().min(8).max(24),
  wordNgramMax: z.number().int().min(1).max(4),
  charNgramMin: z.number().int().min(1).max(8),
  charNgramMax: z.number().int().min(0).max(8),
  maxTokens: z.number().int().min(1),
})

const ZLabelMetrics = z.object({
  label: z.string(),
  precision: z.number(),
  recall: z.number(),
  f1: z.number(),
  support: z.number(),
})

/** The JSON a model is saved as. Weights are int8 with one scale, stored only for slots training touched. */
export const ZModelFile = z.object({
  format: z.literal(MODEL_FORMAT),
  version: z.literal(1),
  labels: z.array(z.string().min(1)).min(2),
  displayLabels: z.array(z.string().min(1)).min(2),
  features: ZFeatureConfig,
  bias: z.array(z.number()),
  weightScale: z.number().positive(),
  /** Base64 of the slot numbers, ascending, each written as a varint of its gap from the previous one. */
  slots: z.string(),
  /** Base64 of int8 weights, labels.length per stored slot, in slot order. */
  weights: z.string(),
  training: z.object({
    source: z.string(),
    textColumns: z.array(z.string()),
    labelColumn: z.string(),
    trainRows: z.number().int(),
    holdoutRows: z.number().int(),
    settings: z.record(z.string(), z.number()),
    holdout: z
      .object({ accuracy: z.number(), macroF1: z.number(), perLabel: z.array(ZLabelMetrics) })
      .optional(),
  }),
})
export type TModelFile = z.infer<typeof ZModelFile>
export type TModelFeatureConfig = z.infer<typeof ZFeatureConfig>

/**
 * The model as used for prediction, kept small so that scoring a ticket's few thousand scattered slots
 * stays in the CPU cache (a table of rows for every one of the 2^18 slots and float weights took 1.4 MB,
 * and its cache misses cost more than the arithmetic): a bit per slot saying whether it has weights, the
 * row count before each 32-slot word (rows follow slot order, so a slot's row is its rank among them),
 * and the int8 weights as stored in the file.
 */
export type TCompactLinearModel = {
  labelCount: number
  hasRow: Uint32Array
  rowsBefore: Int32Array
  /** labelCount per row; each weight is Math.fround(quantised * weightScale), the float32 it was trained as. */
  quantised: Int8Array
  weightScale: number
  bias: Float32Array
}

/** The row of a slot's weights, or -1 when the slot has none. */
export function rowOfSlot(model: TCompactLinearModel, slot: number): number {
  const word = slot >>> 5
  const bits = model.hasRow[word]!
  const bit = 1 << (slot & 31)
  if ((bits & bit) === 0) return -1
  return model.rowsBefore[word]! + countBits(bits & (bit - 1))
}

function countBits(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555)
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333)
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

const INT8_MAX = 127

/** Quantises weights to int8 and keeps only slots with a non-zero weight, which is what keeps the file small. */
export function encodeWeights(options: {
  model: TLinearModel
}): Pick<TModelFile, 'bias' | 'weightScale' | 'slots' | 'weights'> {
  const { model } = options
  const { labelCount, weights } = model
  let maxAbs = 0
  for (const weight of weights) maxAbs = Math.max(maxAbs, Math.abs(weight))
  const weightScale = maxAbs > 0 ? maxAbs / INT8_MAX : 1
  const slotBytes: number[] = []
  const weightBytes: number[] = []
  const quantised = new Int8Array(labelCount)
  let previousSlot = 0
  for (let slot = 0; slot < model.dims; slot++) {
    let isEmpty = true
    for (let k = 0; k < labelCount; k++) {
      quantised[k] = Math.round(weights[slot * labelCount + k]! / weightScale)
      if (quantised[k] !== 0) isEmpty = false
    }
    if (isEmpty) continue
    writeVarint({ value: slot - previousSlot, into: slotBytes })
    previousSlot = slot
    for (const value of quantised) weightBytes.push(value & 0xff)
  }
  return {
    bias: [...model.bias].map((value) => Number(value.toFixed(6))),
    weightScale,
    slots: Buffer.from(slotBytes).toString('base64'),
    weights: Buffer.from(weightBytes).toString('base64'),
  }
}

/** Rebuilds the prediction model from a parsed model file; throws when the parts do not fit together. */
export function decodeWeights(options: { file: TModelFile }): TCompactLinearModel {
  const { file } = options
  const labelCount = file.labels.length
  if (file.displayLabels.length !== labelCount || file.bias.length !== labelCount) {
    throw new Error('model file: labels, display labels and bias differ in length')
  }
  const slotBytes = Buffer.from(file.slots, 'base64')
  const weightBytes = new Int8Array(Buffer.from(file.weights, 'base64'))
  if (weightBytes.length % labelCount !== 0) throw new Error('model file: weights do not fit the labels')
  const rowCount = weightBytes.length / labelCount
  const dims = 2 ** file.features.hashBits
  const hasRow = new Uint32Array(Math.ceil(dims / 32))
  let offset = 0
  let slot = 0
  for (let row = 0; row < rowCount; row++) {
    const read = readVarint({ bytes: slotBytes, offset })
    offset = read.offset
    slot += read.value
    if (slot >= dims) throw new Error('model file: slot out of range')
    if (row > 0 && read.value === 0) throw new Error('model file: a slot is listed twice')
    hasRow[slot >>> 5]! |= 1 << (slot & 31)
  }
  if (offset !== slotBytes.length) throw new Error('model file: slot list does not match the weights')
  const rowsBefore = new Int32Array(hasRow.length)
  for (let word = 1; word < hasRow.length; word++) {
    rowsBefore[word] = rowsBefore[word - 1]! + countBits(hasRow[word - 1]!)
  }
  return {
    labelCount,
    hasRow,
    rowsBefore,
    quantised: weightBytes,
    weightScale: file.weightScale,
    bias: Float32Array.from(file.bias),
  }
}

function writeVarint(options: { value: number; into: number[] }) {
  let value = options.value
  while (value >= 0x80) {
    options.into.push((value & 0x7f) | 0x80)
    value = Math.floor(value / 128)
  }
  options.into.push(value)
}

function readVarint(options: { bytes: Uint8Array; offset: number }): { value: number; offset: number } {
  let value = 0
  let shift = 1
  let offset = options.offset
  for (;;) {
    const byte = options.bytes[offset++]
    if (byte === undefined) throw new Error('model file: slot list ends early')
    value += (byte & 0x7f) * shift
    if (byte < 0x80) return { value, offset }
    shift *= 128
  }
}
