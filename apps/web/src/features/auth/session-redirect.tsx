import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Paths } from '@/app/paths'
import { useSession } from './session'

/**
 * '/' and '/auth' are open to everyone (spec, section 2). '/error' is too: it is where a failed Google
 * sign-in lands, so its visitor is signed out by definition and would otherwise never see the reason.
 * '/invite' is where an invitation's link lands: it tells a signed-out visitor who invites them, then
 * sends them to sign in or up and back.
 */
// Recovery and verification links are opened signed out, often in another browser.
const PUBLIC_PATHS: readonly string[] = [
  Paths.home,
  Paths.auth,
  Paths.error,
  Paths.invite,
  Paths.recovery,
  Paths.verify,
]

export function SessionRedirect() {
  const { user, isLoading } = useSession()
  const { pathname } = useLocation()
  const navigate = useNavigate()

  useEffect(() => {
    if (!isLoading && !user && !PUBLIC_PATHS.includes(pathname)) navigate(Paths.auth, { replace: true })
  }, [isLoading, user, pathname, navigate])

  return null
}
