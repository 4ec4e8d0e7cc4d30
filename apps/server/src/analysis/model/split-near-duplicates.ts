import { cleanEmailText } from '../text/clean-email'
import { tokenise } from '../text/tokenise'
import { hashString } from './features'
import { createRandom, shuffle } from './random'

// Two texts whose sets of words (numbers, links and addresses already one token each) overlap this much
// are near-duplicates: Bitext's "cancel purchase 00123842" and "cancel order 3707955617", a ticket and
// its resend. A random split puts one in training and the other in the held-out part, and the held-out
// figure then measures memory, not generalisation.
const NEAR_DUPLICATE_JACCARD = 0.6
// MinHash with bands finds the candidate pairs without comparing every text with every other: texts
// with a Jaccard similarity of 0.6 share a band with probability 1 - (1 - 0.6^2)^8 = 0.97.
const BANDS = 8
const ROWS_PER_BAND = 2
const SIGNATURE_SEED = 0x9e3779b9

/**
 * The near-duplicate group of each text: texts in one group are alike by the measure above, directly or
 * through a chain of alike texts. Deterministic, and linear in the number of texts but for each bucket's
 * comparisons with its first member.
 */
export function groupNearDuplicates(options: { texts: readonly string[] }): Int32Array {
  const wordSets = options.texts.map((text) => new Set(tokenise({ text: cleanEmailText({ text }) })))
  const parent = Int32Array.from(wordSets, (_, i) => i)
  const find = (i: number): number => {
    let root = i
    while (parent[root] !== root) root = parent[root]!
    for (let node = i; parent[node] !== root; ) {
      const next = parent[node]!
      parent[node] = root
      node = next
    }
    return root
  }
  const firstInBucket = new Map<string, number>()
  for (const [i, words] of wordSets.entries()) {
    if (words.size === 0) continue
    const signature = minHash({ words })
    for (let band = 0; band < BANDS; band++) {
      const key = `${band}:${signature.slice(band * ROWS_PER_BAND, (band + 1) * ROWS_PER_BAND).join(':')}`
      const first = firstInBucket.get(key)
      if (first === undefined) firstInBucket.set(key, i)
      else if (jaccard(words, wordSets[first]!) >= NEAR_DUPLICATE_JACCARD) parent[find(i)] = find(first)
    }
  }
  return Int32Array.from(parent, (_, i) => find(i))
}

function minHash(options: { words: ReadonlySet<string> }): number[] {
  const signature = new Array<number>(BANDS * ROWS_PER_BAND).fill(0xffffffff)
  for (const word of options.words) {
    let hash = hashString({ text: word, seed: SIGNATURE_SEED })
    for (let k = 0; k < signature.length; k++) {
      // A cheap family of hash functions from one hash: multiply by an odd constant, mix the high bits down.
      hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d + 2 * k) >>> 0
      if (hash < signature[k]!) signature[k] = hash
    }
  }
  return signature
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0
  for (const word of a) if (b.has(word)) shared++
  return shared / (a.size + b.size - shared)
}

export type SplitKeepingNearDuplicatesOptions<T> = {
  items: readonly T[]
  textOf: (item: T) => string
  labelOf: (item: T) => string
  /** Share of each label kept apart for evaluation, in whole near-duplicate groups. */
  holdoutFraction: number
  seed: number
}

/**
 * Splits items into a training and a held-out part so that no near-duplicate of a held-out item is
 * trained on: whole groups go to one side. Each label gives about its share of items to the held-out
 * part (groups are taken in a seeded order until the share is reached; a group counts for the label of
 * its first item); a label with a single group is trained on only. The same seed gives the same split.
 */
export function splitKeepingNearDuplicates<T>(options: SplitKeepingNearDuplicatesOptions<T>): {
  train: T[]
  holdout: T[]
} {
  const groupOf = groupNearDuplicates({ texts: options.items.map(options.textOf) })
  const members = new Map<number, number[]>()
  for (const [i, group] of groupOf.entries()) {
    const list = members.get(group) ?? []
    list.push(i)
    members.set(group, list)
  }
  const groupsByLabel = new Map<string, number[][]>()
  for (const list of members.values()) {
    const label = options.labelOf(options.items[list[0]!]!)
    const groups = groupsByLabel.get(label) ?? []
    groups.push(list)
    groupsByLabel.set(label, groups)
  }
  const random = createRandom({ seed: options.seed })
  const isHeldOut = new Uint8Array(options.items.length)
  for (const label of [...groupsByLabel.keys()].sort()) {
    const groups = groupsByLabel.get(label)!.sort((a, b) => a[0]! - b[0]!)
    if (groups.length < 2) continue
    const size = groups.reduce((sum, group) => sum + group.length, 0)
    const target = Math.max(1, Math.round(size * options.holdoutFraction))
    let taken = 0
    for (const group of shuffle({ items: groups, random })) {
      if (taken >= target) break
      for (const i of group) isHeldOut[i] = 1
      taken += group.length
    }
  }
  const train: T[] = []
  const holdout: T[] = []
  for (const [i, item] of options.items.entries()) (isHeldOut[i] ? holdout : train).push(item)
  return { train: shuffle({ items: train, random }), holdout }
}
