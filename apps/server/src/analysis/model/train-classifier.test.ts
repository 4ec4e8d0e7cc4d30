import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createClassifier, loadClassifier } from './classifier'
import { humaniseLabel } from './labels'
import { splitStratified } from './split'
import { trainClassifier } from './train-classifier'

// A small three-topic set, made here: varied wording so the held-out part is not a copy of training.
function makeExamples() {
  const topics = {
    REFUND: ['refund', 'money back', 'reimburse', 'return the payment'],
    DELIVERY: ['parcel', 'delivery', 'courier', 'package arrive'],
    ACCOUNT: ['password', 'log in', 'account', 'username'],
  }
  const frames = [
    'I want my {t} for order {n}',
    'where is my {t}? it is {n}',
    'help with {t} please',
    'question about {t} regarding {n}',
    'urgent: {t} problem since yesterday',
    'can you check the {t}, ref {n}',
  ]
  const examples: { text: string; label: string }[] = []
  for (const [label, terms] of Object.entries(topics)) {
    for (const [i, term] of terms.entries()) {
      for (const [j, frame] of frames.entries()) {
        examples.push({ text: frame.replace('{t}', term).replace('{n}', String(10_000 + i * 97 + j)), label })
      }
    }
  }
  return examples
}

const source = { name: 'made-in-test', textColumns: ['text'], labelColumn: 'label' }

describe('trainClassifier', () => {
  it('learns topics from a few examples and recognises new wording of them', () => {
    const { classifier, holdout, baseline } = trainClassifier({ examples: makeExamples(), source })
    expect(holdout!.accuracy).toBeGreaterThan(baseline!.accuracy)
    expect(classifier.classify({ text: 'Please send my money back' }).label).toBe('REFUND')
    expect(classifier.classify({ text: 'I forgot my password' }).label).toBe('ACCOUNT')
    expect(classifier.classify({ text: 'The courier never came' }).label).toBe('DELIVERY')
  })

  it('gives probabilities that sum to one, most likely first', () => {
    const { classifier } = trainClassifier({ examples: makeExamples(), source })
    const prediction = classifier.classify({ text: 'refund' })
    expect(prediction.ranked.reduce((sum, row) => sum + row.probability, 0)).toBeCloseTo(1, 6)
    expect(prediction.confidence).toBe(prediction.ranked[0]!.probability)
    expect(prediction.ranked[1]!.probability).toBeLessThanOrEqual(prediction.confidence)
  })

  it('is deterministic: the same data and seed give a byte-identical model', () => {
    const first = trainClassifier({ examples: makeExamples(), source })
    const second = trainClassifier({ examples: makeExamples(), source })
    expect(JSON.stringify(second.file)).toBe(JSON.stringify(first.file))
    const reseeded = trainClassifier({ examples: makeExamples(), source, settings: { seed: 1 } })
    expect(reseeded.file.weights).not.toBe(first.file.weights)
  })

  it('saves to JSON that loads back into a classifier with the same answers', async () => {
    const { file, classifier } = trainClassifier({ examples: makeExamples(), source, holdoutFraction: 0 })
    const dir = await mkdtemp(path.join(tmpdir(), 'parsedesk-model-'))
    try {
      const modelPath = path.join(dir, 'test.model.json')
      await writeFile(modelPath, JSON.stringify(file))
      const loaded = await loadClassifier({ path: modelPath })
      for (const text of ['where is my parcel', 'reset password', 'money back now']) {
        expect(loaded.classify({ text })).toEqual(classifier.classify({ text }))
      }
      expect(loaded.file.displayLabels).toEqual(['Account', 'Delivery', 'Refund'])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('rejects a model file whose parts do not fit together', () => {
    const { file } = trainClassifier({ examples: makeExamples(), source, holdoutFraction: 0 })
    expect(() => createClassifier({ file: { ...file, bias: [0] } })).toThrow()
    expect(() =>
      createClassifier({ file: { ...file, weights: Buffer.from([1, 2]).toString('base64') } }),
    ).toThrow()
    expect(() => createClassifier({ file: { ...file, format: 'other' } })).toThrow()
  })

  it('refuses to train on a single label', () => {
    expect(() =>
      trainClassifier({
        examples: [
          { text: 'a', label: 'x' },
          { text: 'b', label: 'x' },
        ],
        source,
        holdoutFraction: 0,
      }),
    ).toThrow(/two labels/)
  })
})

describe('splitStratified', () => {
  it('keeps each label in both parts in proportion and repeats for the same seed', () => {
    const items = [...Array(50).fill('a'), ...Array(10).fill('b')].map((label, id) => ({ id, label }))
    const split = splitStratified({ items, labelOf: (item) => item.label, holdoutFraction: 0.2, seed: 3 })
    expect(split.holdout.filter((item) => item.label === 'a')).toHaveLength(10)
    expect(split.holdout.filter((item) => item.label === 'b')).toHaveLength(2)
    expect(split.train).toHaveLength(48)
    const again = splitStratified({ items, labelOf: (item) => item.label, holdoutFraction: 0.2, seed: 3 })
    expect(again.holdout.map((item) => item.id)).toEqual(split.holdout.map((item) => item.id))
  })
})

describe('humaniseLabel', () => {
  it('writes dataset codes as plain words and leaves worded labels alone', () => {
    expect(humaniseLabel({ label: 'SHIPPING_ADDRESS' })).toBe('Shipping address')
    expect(humaniseLabel({ label: 'cancel_order' })).toBe('Cancel order')
    expect(humaniseLabel({ label: 'HR Support' })).toBe('HR Support')
  })
})
