const SIGNATURE_LINE = '-- '

/**
 * RFC 3676 format=flowed: a line ending in a space continues on the next line, but only at the same
 * quote depth (4.5). postal-mime joins across depths, which glues a bottom-posted reply onto the
 * last quoted line; this decoder keeps the depths apart.
 */
export function decodeFlowedText(text: string, options: { delSp: boolean }): string {
  const out: string[] = []
  let current: { depth: number; text: string } | null = null
  let isOpen = false

  for (const raw of text.split(/\r?\n/)) {
    const depth = /^>*/.exec(raw)?.[0].length ?? 0
    let line = raw.slice(depth)
    if (line.startsWith(' ')) line = line.slice(1)
    const isFlowed = line.endsWith(' ') && line !== SIGNATURE_LINE
    if (isOpen && current && current.depth === depth) {
      current.text += line
    } else {
      if (current) out.push(formatLine(current))
      current = { depth, text: line }
    }
    if (isFlowed && options.delSp) current.text = current.text.slice(0, -1)
    isOpen = isFlowed
  }
  if (current) out.push(formatLine(current))
  return out.join('\n')
}

function formatLine({ depth, text }: { depth: number; text: string }): string {
  return depth > 0 ? `${'>'.repeat(depth)} ${text}` : text
}
