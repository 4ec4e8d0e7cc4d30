/** A small seeded generator (mulberry32), so shuffles and splits repeat exactly from run to run. */
export function createRandom(options: { seed: number }): () => number {
  let state = options.seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Fisher–Yates shuffle of a copy, driven by the seeded generator. */
export function shuffle<T>(options: { items: readonly T[]; random: () => number }): T[] {
  const items = [...options.items]
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(options.random() * (i + 1))
    const swap = items[i]!
    items[i] = items[j]!
    items[j] = swap
  }
  return items
}
