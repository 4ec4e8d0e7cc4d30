/**
 * Removals a backup holds back: while any hold is taken, a removal waits in memory, and the last release
 * carries them out. Shared by every storage, so each keeps only how it removes one key.
 */
export function createHeldRemovals(removeNow: (key: string) => Promise<void>) {
  let holds = 0
  const waiting = new Set<string>()
  return {
    isHeld: () => holds > 0,
    async remove(key: string): Promise<void> {
      if (holds > 0) waiting.add(key)
      else await removeNow(key)
    },
    hold(): () => Promise<void> {
      holds += 1
      let released = false
      return async () => {
        if (released) return
        released = true
        holds -= 1
        if (holds > 0) return
        const keys = [...waiting]
        waiting.clear()
        for (const key of keys) await removeNow(key)
      }
    },
  }
}
