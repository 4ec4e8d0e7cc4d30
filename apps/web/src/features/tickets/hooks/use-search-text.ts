import { useEffect, useRef, useState } from 'react'

/** Typing settles this long before the list is searched (and the address follows). */
export const SEARCH_DELAY_MS = 250

/**
 * What the search box shows: it answers every key at once, and `onSettled` (the address) follows once
 * typing settles. Held by the box alone, so a keystroke draws the box again and nothing else of the list.
 * An address changed from elsewhere (Back, a link) brings its search into the box; the box's own search
 * coming back through the address leaves alone what was typed since.
 */
export function useSearchText(search: string, onSettled: (text: string) => void) {
  const [text, setText] = useState(search)
  const written = useRef(search)
  const settle = useRef(onSettled)
  settle.current = onSettled
  useEffect(() => {
    if (text === search) return
    const timer = setTimeout(() => {
      written.current = text
      settle.current(text)
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, search])
  const [heldSearch, setHeldSearch] = useState(search)
  if (search !== heldSearch) {
    setHeldSearch(search)
    if (search !== written.current) setText(search)
  }
  return { text, setText }
}
