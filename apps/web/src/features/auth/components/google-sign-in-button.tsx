import { SignInMessages } from '@parsedesk/contracts'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { getErrorMessage } from '@/lib/errors'
import { Toasts } from '@/lib/messages'
import { notifyError } from '@/lib/notify'
import { startGoogleSignIn, useSignInProviders } from '../queries'
import { GoogleIcon } from './google-icon'

/**
 * `returnTo`: the page Google sends the visitor back to (an invitation), instead of the dashboard. On a
 * server without Google configured the button stays, disabled, with the reason under it: an error page
 * after the click would tell the visitor no more, later.
 */
export function GoogleSignInButton({ returnTo }: { returnTo?: string | null }) {
  const reasonId = useId()
  const providers = useSignInProviders()
  const isUnavailable = providers.data?.google === false
  const signInWithGoogle = () => {
    try {
      startGoogleSignIn({ returnTo })
    } catch (error) {
      notifyError({ title: Toasts.googleFailed, description: getErrorMessage(error) || Toasts.tryLater })
    }
  }
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={isUnavailable}
        aria-describedby={isUnavailable ? reasonId : undefined}
        onClick={signInWithGoogle}
      >
        <GoogleIcon className="size-4" />
        Sign in with Google
      </Button>
      {isUnavailable && (
        <p id={reasonId} className="text-center text-sm text-muted-foreground">
          {SignInMessages.googleNotConfigured}
        </p>
      )}
    </div>
  )
}
