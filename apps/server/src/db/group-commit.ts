export type TGroupLimits = {
  maxItems: number
  /** Of the sizes `sizeOf` gives; an item bigger than this goes alone. */
  maxSize: number
}

export type TGroupCommit<Item> = {
  /** Queues an item for the next group; its outcome reaches whoever holds it through `write`. */
  add(item: Item): void
  /** Resolves once every item added so far has been written (or failed). */
  idle(): Promise<void>
}

/**
 * Group commit: items added in one turn of the event loop, or while the previous group is being written,
 * are written together by one `write` (one round trip and one commit for all of them). One group is
 * written at a time, in the order items were added; what arrives meanwhile forms the next, so under load
 * the groups grow instead of queueing. `write` settles its items; if it throws, they are all rejected.
 */
export function createGroupCommit<Item extends { reject(error: unknown): void }>(options: {
  limits: TGroupLimits
  sizeOf(item: Item): number
  write(group: Item[]): Promise<void>
}): TGroupCommit<Item> {
  const { limits } = options
  const waiting: Item[] = []
  let writing: Promise<void> | undefined
  let scheduled = false

  /** The oldest waiting items that fit the limits; always at least one. */
  const takeGroup = (): Item[] => {
    let size = 0
    let count = 0
    for (const item of waiting) {
      const itemSize = options.sizeOf(item)
      if (count > 0 && (count >= limits.maxItems || size + itemSize > limits.maxSize)) break
      size += itemSize
      count += 1
    }
    return waiting.splice(0, count)
  }

  const writeWaiting = async () => {
    while (waiting.length > 0) {
      const group = takeGroup()
      try {
        await options.write(group)
      } catch (error) {
        for (const item of group) item.reject(error)
      }
    }
  }

  const start = () => {
    scheduled = false
    writing = writeWaiting().finally(() => {
      writing = undefined
      // Items added by the last group's callers between the loop's last look and now.
      if (waiting.length > 0) start()
    })
  }

  return {
    add(item) {
      waiting.push(item)
      // While a group is being written, the loop takes this one next; otherwise wait for the rest of this turn.
      if (writing || scheduled) return
      scheduled = true
      setImmediate(start)
    },
    async idle() {
      while (scheduled || writing) await (writing ?? new Promise((resolve) => setImmediate(resolve)))
    },
  }
}
