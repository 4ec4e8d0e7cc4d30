import { describe, expect, it } from 'vitest'
import type { TLinearModel } from './linear'
import { decodeWeights, encodeWeights, rowOfSlot, type TModelFile } from './model-file'

describe('decodeWeights', () => {
  it('finds the row of every stored slot, at both ends of its 32-slot word, and no row for the others', () => {
    const labelCount = 2
    const dims = 2 ** 8
    const stored = [0, 1, 31, 32, 33, 63, 64, 200, 255]
    const model: TLinearModel = {
      labelCount,
      dims,
      weights: new Float32Array(dims * labelCount),
      bias: new Float32Array(labelCount),
    }
    for (const [row, slot] of stored.entries()) model.weights[slot * labelCount] = row + 1
    const file = {
      labels: ['A', 'B'],
      displayLabels: ['A', 'B'],
      features: { hashBits: 8, wordNgramMax: 1, charNgramMin: 2, charNgramMax: 0, maxTokens: 10 },
      ...encodeWeights({ model }),
    } as TModelFile
    const compact = decodeWeights({ file })
    for (let slot = 0; slot < dims; slot++) {
      const row = rowOfSlot(compact, slot)
      expect(row).toBe(stored.indexOf(slot))
      if (row >= 0) {
        const weight = Math.fround(compact.quantised[row * labelCount]! * compact.weightScale)
        expect(weight).toBeCloseTo(row + 1, 1)
      }
    }
  })
})
