import { type RefObject, useEffect, useState } from 'react'

/** True once the element comes within `margin` of the viewport; it never turns false again. */
export function useNearViewport(ref: RefObject<Element | null>, margin = '800px'): boolean {
  const [isNear, setIsNear] = useState(false)

  useEffect(() => {
    const element = ref.current
    if (isNear || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      setIsNear(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, margin, isNear])

  return isNear
}
