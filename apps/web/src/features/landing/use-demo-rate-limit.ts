import { useCallback, useEffect, useState } from 'react'
import {
  DEMO_COUNTER_KEY,
  demoBlockEndsAt,
  isDemoSubmissionBlocked,
  readDemoCounter,
  recordDemoSuccess,
  writeDemoCounter,
} from './demo-rate-limit'

function readBlocked() {
  return isDemoSubmissionBlocked({ counter: readDemoCounter(localStorage), now: Date.now() })
}

/** The client half of the demo limit: state for the button, plus a fresh check at submit time. */
export function useDemoRateLimit() {
  const [isBlocked, setIsBlocked] = useState(readBlocked)

  useEffect(() => {
    const endsAt = demoBlockEndsAt({ counter: readDemoCounter(localStorage), now: Date.now() })
    if (!isBlocked || endsAt === null) return
    const timer = window.setTimeout(() => setIsBlocked(readBlocked()), endsAt - Date.now() + 50)
    return () => window.clearTimeout(timer)
  }, [isBlocked])

  useEffect(() => {
    // Another tab may record a success: keep the button honest without a reload.
    const syncFromOtherTab = (event: StorageEvent) => {
      if (event.key === DEMO_COUNTER_KEY) setIsBlocked(readBlocked())
    }
    window.addEventListener('storage', syncFromOtherTab)
    return () => window.removeEventListener('storage', syncFromOtherTab)
  }, [])

  const checkBlocked = useCallback(() => {
    const blocked = readBlocked()
    setIsBlocked(blocked)
    return blocked
  }, [])

  const recordSuccess = useCallback(() => {
    const now = Date.now()
    writeDemoCounter(localStorage, recordDemoSuccess({ counter: readDemoCounter(localStorage), now }))
    setIsBlocked(readBlocked())
  }, [])

  return { isBlocked, checkBlocked, recordSuccess }
}
