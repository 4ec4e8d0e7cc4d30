import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createClassifier, loadClassifier } from './classifier'
import { humaniseLabel } from './labels'
import { splitKeepingNearDuplicates } from './split-near-duplicates'
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

describe('splitKeepingNearDuplicates', () => {
  const templates = [
    'cancel order {n} please',
    'where is my parcel {n}',
    'reset my password for account {n}',
    'the invoice {n} shows a wrong amount',
    'my refund for {n} has not arrived',
    'the app crashes when I open report {n}',
  ]
  // Six requests, each in ten copies that differ only in their number, as Bitext's templates do.
  const items = templates.flatMap((template, t) =>
    Array.from({ length: 10 }, (_, i) => ({
      text: template.replace('{n}', String(1000 + 7 * i)),
      label: t < 3 ? 'a' : 'b',
    })),
  )
  const split = () =>
    splitKeepingNearDuplicates({
      items,
      textOf: (item) => item.text,
      labelOf: (item) => item.label,
      holdoutFraction: 0.3,
      seed: 3,
    })

  it('never trains on a near-duplicate of a held-out text, and holds out some of every label', () => {
    const { train, holdout } = split()
    const templateOf = (text: string) => text.replace(/\d+/, '{n}')
    const trained = new Set(train.map((item) => templateOf(item.text)))
    expect(holdout.some((item) => trained.has(templateOf(item.text)))).toBe(false)
    expect(new Set(holdout.map((item) => item.label))).toEqual(new Set(['a', 'b']))
    expect(train.length + holdout.length).toBe(items.length)
  })

  it('repeats for the same seed', () => {
    expect(split().holdout.map((item) => item.text)).toEqual(split().holdout.map((item) => item.text))
  })
})

describe('humaniseLabel', () => {
  it('writes dataset codes as plain words and leaves worded labels alone', () => {
    expect(humaniseLabel({ label: 'SHIPPING_ADDRESS' })).toBe('Shipping address')
    expect(humaniseLabel({ label: 'cancel_order' })).toBe('Cancel order')
    expect(humaniseLabel({ label: 'HR Support' })).toBe('HR Support')
  })
})
