/**
 * Where the page's text selection lies inside `container`, as offsets into the container's text: the
 * email is shown as one text, so these offsets are offsets into the email's text, which the anchors need.
 * Undefined when nothing is selected or the selection leaves the email.
 */
export function selectionOffsets(
  container: Node,
  selection: Selection | null,
): { start: number; end: number } | undefined {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return undefined
  const range = selection.getRangeAt(0)
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return undefined
  const prefix = (container.ownerDocument ?? document).createRange()
  prefix.selectNodeContents(container)
  prefix.setEnd(range.startContainer, range.startOffset)
  const start = prefix.toString().length
  return { start, end: start + range.toString().length }
}
