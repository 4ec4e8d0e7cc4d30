import { isSpecialToken } from '../text/tokenise'

/** How text becomes a vector; saved in the model so prediction builds exactly the vectors training saw. */
export type TFeatureConfig = {
  /** The vector has 2^hashBits slots; features are hashed into them (the hashing trick). */
  hashBits: number
  /** Word n-grams from 1 up to this length. */
  wordNgramMax: number
  /** Character n-grams inside each word (padded with boundary marks), from min to max length. */
  charNgramMin: number
  charNgramMax: number
  /** Text beyond this many tokens is ignored, which bounds the time spent on one long email. */
  maxTokens: number
}

export const DEFAULT_FEATURE_CONFIG: TFeatureConfig = {
  hashBits: 18,
  wordNgramMax: 2,
  charNgramMin: 2,
  charNgramMax: 5,
  maxTokens: 600,
}

/** A sparse vector: parallel arrays of slot indices and values, L2-normalised. */
export type TSparseVector = { indices: Int32Array; values: Float32Array }

export type ExtractFeaturesOptions = { tokens: string[]; config: TFeatureConfig }

const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193
// Distinct seeds keep a word, a bigram and a character n-gram with the same letters in different slots.
const SEED_WORD = 0x1b873593
const SEED_BIGRAM = 0x2c1b3c6d
const SEED_CHAR = 0x3d4c5b6a
const MAX_WORD_LENGTH_FOR_CHARS = 24

/** 32-bit FNV-1a over the UTF-16 code units of a string, starting from a seed. */
export function hashString(options: { text: string; seed: number }): number {
  let hash = (FNV_OFFSET ^ options.seed) >>> 0
  for (let i = 0; i < options.text.length; i++) {
    hash ^= options.text.charCodeAt(i)
    hash = Math.imul(hash, FNV_PRIME)
  }
  return hash >>> 0
}

function combineHashes(first: number, second: number): number {
  let hash = (FNV_OFFSET ^ SEED_BIGRAM) >>> 0
  hash = Math.imul(hash ^ first, FNV_PRIME)
  hash = Math.imul(hash ^ second, FNV_PRIME)
  return hash >>> 0
}

/**
 * Turns tokens into a hashed bag of word n-grams and in-word character n-grams, weighted by
 * sublinear term frequency (1 + ln tf) and scaled to unit length so long and short tickets compare.
 */
export function extractFeatures(options: ExtractFeaturesOptions): TSparseVector {
  const { config } = options
  const tokens =
    options.tokens.length > config.maxTokens ? options.tokens.slice(0, config.maxTokens) : options.tokens
  const mask = (1 << config.hashBits) - 1
  const scratch = scratchFor(config.hashBits)

  const wordHashes = new Uint32Array(tokens.length)
  for (let i = 0; i < tokens.length; i++) {
    wordHashes[i] = hashString({ text: tokens[i]!, seed: SEED_WORD })
    addToSlot(scratch, wordHashes[i]! & mask, 1)
  }
  for (let n = 2; n <= config.wordNgramMax; n++) {
    for (let i = 0; i + n <= wordHashes.length; i++) {
      let hash = wordHashes[i]!
      for (let j = 1; j < n; j++) hash = combineHashes(hash, wordHashes[i + j]!)
      addToSlot(scratch, hash & mask, 1)
    }
  }
  if (config.charNgramMax > 0) {
    // A word's character n-grams are hashed once per ticket and counted as often as the word occurs.
    // Words are visited in the order they first occur, so slots are touched in the same order (and the
    // scores summed in the same order) as when every occurrence is hashed on its own.
    const occurrences = new Map<string, number>()
    for (const token of tokens) occurrences.set(token, (occurrences.get(token) ?? 0) + 1)
    for (const [token, count] of occurrences) {
      if (isSpecialToken(token) || token.length > MAX_WORD_LENGTH_FOR_CHARS) continue
      addCharNgrams({
        word: `<${token}>`,
        min: config.charNgramMin,
        max: config.charNgramMax,
        mask,
        count,
        scratch,
      })
    }
  }
  return toUnitVector(scratch)
}

type TScratch = { counts: Uint16Array; touched: number[] }
const scratchByBits = new Map<number, TScratch>()

// One zeroed count array per hash size, reused across calls: counting into it allocates nothing,
// which keeps garbage collection (the cause of slow outliers) away from the per-ticket path.
function scratchFor(hashBits: number): TScratch {
  let scratch = scratchByBits.get(hashBits)
  if (!scratch) {
    scratch = { counts: new Uint16Array(2 ** hashBits), touched: [] }
    scratchByBits.set(hashBits, scratch)
  }
  return scratch
}

function addToSlot(scratch: TScratch, slot: number, count: number) {
  if (scratch.counts[slot] === 0) scratch.touched.push(slot)
  scratch.counts[slot] = scratch.counts[slot]! + count
}

function addCharNgrams(options: {
  word: string
  min: number
  max: number
  mask: number
  count: number
  scratch: TScratch
}) {
  const { word, min, max, mask, count, scratch } = options
  for (let start = 0; start + min <= word.length; start++) {
    let hash = (FNV_OFFSET ^ SEED_CHAR) >>> 0
    const end = Math.min(word.length, start + max)
    for (let i = start; i < end; i++) {
      hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME)
      // The whole padded word is already a word feature.
      if (i - start + 1 >= min && !(start === 0 && i === word.length - 1))
        addToSlot(scratch, hash & mask, count)
    }
  }
}

function toUnitVector(scratch: TScratch): TSparseVector {
  const { counts, touched } = scratch
  const indices = new Int32Array(touched.length)
  const values = new Float32Array(touched.length)
  let sumOfSquares = 0
  for (let position = 0; position < touched.length; position++) {
    const slot = touched[position]!
    const value = 1 + Math.log(counts[slot]!)
    counts[slot] = 0
    indices[position] = slot
    values[position] = value
    sumOfSquares += value * value
  }
  touched.length = 0
  const norm = Math.sqrt(sumOfSquares)
  if (norm > 0) for (let i = 0; i < values.length; i++) values[i] = values[i]! / norm
  return { indices, values }
}
