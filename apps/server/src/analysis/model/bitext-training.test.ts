import { readFile, stat } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { readCsv } from '../data/read-csv'
import { DEFAULT_MODEL_PATH } from '../index'
import { locateSharedData } from '../testing/shared-data'
import { ZModelFile } from './model-file'
import { trainClassifier } from './train-classifier'

const bitext = locateSharedData({ relativePath: 'tickets/bitext/train.csv' })

// Measured 0.9991 held-out accuracy (1,063 rows); the floor leaves room for harmless changes only.
const ACCURACY_FLOOR = 0.99
const MACRO_F1_FLOOR = 0.99

describe.skipIf(!bitext.isPresent)('category model trained on the Bitext train split', () => {
  it('keeps held-out accuracy and macro-F1 above the measured floor, far above the majority baseline', async () => {
    const rows = await readCsv({ path: bitext.path })
    const result = trainClassifier({
      examples: rows.map((row) => ({ text: row.text ?? '', label: row.category ?? '' })),
      source: { name: 'train.csv', textColumns: ['text'], labelColumn: 'category' },
    })
    expect(result.holdout!.count).toBeGreaterThan(1000)
    expect(result.holdout!.accuracy).toBeGreaterThanOrEqual(ACCURACY_FLOOR)
    expect(result.holdout!.macroF1).toBeGreaterThanOrEqual(MACRO_F1_FLOOR)
    expect(result.baseline!.accuracy).toBeLessThan(0.3)
    // The documented rebuild command gives exactly the committed default model.
    const committed = JSON.parse(await readFile(DEFAULT_MODEL_PATH, 'utf8'))
    expect(JSON.stringify(result.file)).toBe(JSON.stringify(committed))
  })
})

describe('committed default model', () => {
  it('is compact, valid, and names its categories in plain words', async () => {
    const { size } = await stat(DEFAULT_MODEL_PATH)
    expect(size).toBeLessThan(2 * 1024 * 1024)
    const file = ZModelFile.parse(JSON.parse(await readFile(DEFAULT_MODEL_PATH, 'utf8')))
    expect(file.displayLabels).toContain('Refund')
    expect(file.displayLabels).toContain('Shipping address')
    expect(file.displayLabels.every((label) => /^[A-Z][a-z]+(?: [a-z]+)*$/.test(label))).toBe(true)
    expect(file.training.holdout!.accuracy).toBeGreaterThanOrEqual(ACCURACY_FLOOR)
  })
})
