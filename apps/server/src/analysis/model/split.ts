import { createRandom, shuffle } from './random'

export type SplitStratifiedOptions<T> = {
  items: readonly T[]
  labelOf: (item: T) => string
  /** Share of each label kept apart for evaluation. */
  holdoutFraction: number
  seed: number
}

/**
 * Splits items into a training and a held-out part with each label in the same proportion in both,
 * so a rare label is never missing from the evaluation. The same seed gives the same split.
 */
export function splitStratified<T>(options: SplitStratifiedOptions<T>): { train: T[]; holdout: T[] } {
  const byLabel = new Map<string, T[]>()
  for (const item of options.items) {
    const label = options.labelOf(item)
    const group = byLabel.get(label) ?? []
    group.push(item)
    byLabel.set(label, group)
  }
  const random = createRandom({ seed: options.seed })
  const train: T[] = []
  const holdout: T[] = []
  for (const label of [...byLabel.keys()].sort()) {
    const group = shuffle({ items: byLabel.get(label)!, random })
    const holdoutSize = group.length < 2 ? 0 : Math.max(1, Math.round(group.length * options.holdoutFraction))
    holdout.push(...group.slice(0, holdoutSize))
    train.push(...group.slice(holdoutSize))
  }
  return { train: shuffle({ items: train, random }), holdout }
}
