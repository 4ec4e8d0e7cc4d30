/** Deep enough for any mail or API payload we keep; deeper is refused before it can exhaust a stack. */
export const MAX_JSON_DEPTH = 64

/** Bytes of `value` as JSON text in UTF-8: its size in storage and in every answer that carries it. */
export function jsonByteLength(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value) ?? '').byteLength
}

/** Whether objects and arrays in `value` nest at most `maxDepth` levels; stops looking past the limit. */
export function isWithinJsonDepth(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  const within = (item: unknown, depth: number): boolean => {
    if (item === null || typeof item !== 'object') return true
    if (depth >= maxDepth) return false
    return Object.values(item).every((child) => within(child, depth + 1))
  }
  return within(value, 0)
}
