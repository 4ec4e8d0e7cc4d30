import { Button } from '@/components/ui/button'
import { getErrorMessage } from '@/lib/errors'
import { Toasts } from '@/lib/messages'
import { notifyError } from '@/lib/notify'
import { startGoogleSignIn } from '../queries'
import { GoogleIcon } from './google-icon'

/** `returnTo`: the page Google sends the visitor back to (an invitation), instead of the dashboard. */
export function GoogleSignInButton({ disabled, returnTo }: { disabled?: boolean; returnTo?: string | null }) {
  const signInWithGoogle = () => {
    try {
      startGoogleSignIn({ returnTo })
    } catch (error) {
      notifyError({ title: Toasts.googleFailed, description: getErrorMessage(error) || Toasts.tryLater })
    }
  }
  return (
    <Button type="button" variant="outline" className="w-full" disabled={disabled} onClick={signInWithGoogle}>
      <GoogleIcon className="size-4" />
      Sign in with Google
    </Button>
  )
}
