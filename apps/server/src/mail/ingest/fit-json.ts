/** UTF-8 bytes a character takes in a JSON string literal, escapes included (`code` is one UTF-16 unit). */
function jsonUnitBytes(code: number, next: number): number {
  if (code === 0x22 || code === 0x5c) return 2
  if (code < 0x20)
    return code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 2 : 6
  if (code < 0x80) return 1
  if (code < 0x800) return 2
  if (code >= 0xd800 && code <= 0xdbff) return next >= 0xdc00 && next <= 0xdfff ? 4 : 6
  if (code >= 0xdc00 && code <= 0xdfff) return 6
  return 3
}

/** The longest start of `text` whose JSON string literal, quotes included, is at most `maxBytes`. */
export function cutToJsonBytes(text: string, maxBytes: number): string {
  let bytes = 2
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    const next = text.charCodeAt(i + 1)
    const isPair = code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff
    bytes += jsonUnitBytes(code, next)
    if (bytes > maxBytes) return text.slice(0, i)
    if (isPair) i++
  }
  return text
}

function jsonStringBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text))
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value)
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into)
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) collectStrings(item, into)
}

function capStrings(value: unknown, capBytes: number): unknown {
  if (typeof value === 'string')
    return jsonStringBytes(value) > capBytes ? cutToJsonBytes(value, capBytes) : value
  if (Array.isArray(value)) return value.map((item) => capStrings(item, capBytes))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, capStrings(item, capBytes)]))
  }
  return value
}

/**
 * `value` with its longest strings cut to one common length, as little as makes its JSON text at most
 * `maxBytes` of UTF-8: many short fields stay whole, and the few long ones (bodies, a giant header)
 * share what is left. Undefined when even empty strings would not fit.
 */
export function fitJsonToBytes<T>(value: T, maxBytes: number): { value: T; isCut: boolean } | undefined {
  const total = Buffer.byteLength(JSON.stringify(value))
  if (total <= maxBytes) return { value, isCut: false }
  const sizes: number[] = []
  const strings: string[] = []
  collectStrings(value, strings)
  for (const text of strings) sizes.push(jsonStringBytes(text))
  const fixed = total - sizes.reduce((sum, size) => sum + size, 0)
  const totalWithCap = (cap: number) => fixed + sizes.reduce((sum, size) => sum + Math.min(size, cap), 0)
  if (totalWithCap(2) > maxBytes) return undefined
  let low = 2
  let high = sizes.reduce((longest, size) => Math.max(longest, size), 2)
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (totalWithCap(middle) <= maxBytes) low = middle
    else high = middle - 1
  }
  return { value: capStrings(value, low) as T, isCut: true }
}
