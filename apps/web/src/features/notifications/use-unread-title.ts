import { titleWithUnread } from '@parsedesk/contracts'
import { useEffect } from 'react'

/** "(3) Parsedesk": the tab's title counts the member's unread notifications, and drops the count at zero. */
export function useUnreadTitle(unread: number | undefined) {
  useEffect(() => {
    document.title = titleWithUnread(document.title, unread ?? 0)
  }, [unread])
  useEffect(
    () => () => {
      document.title = titleWithUnread(document.title, 0)
    },
    [],
  )
}
