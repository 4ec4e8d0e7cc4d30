import { SignInMessages } from '@parsedesk/contracts'
import { getErrorStatus } from '@/lib/errors'
import { notifyError } from '@/lib/notify'
import { recheckSessionAfterRefusal } from './session'

/**
 * For the query client: a request refused with 401 may mean the session ended elsewhere (a password reset,
 * "sign out everywhere"). Then the page signs out once, says why, and goes to sign-in; `onEnded` drops what
 * the cache holds, which the next person on this browser must not see.
 */
export function watchForEndedSession(onEnded: () => void) {
  return (error: unknown) => {
    if (getErrorStatus(error) !== 401) return
    void recheckSessionAfterRefusal().then((hasEnded) => {
      if (!hasEnded) return
      onEnded()
      notifyError({ title: SignInMessages.sessionEnded, description: SignInMessages.sessionEndedDetail })
    })
  }
}
