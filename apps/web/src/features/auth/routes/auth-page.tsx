import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Paths } from '@/app/paths'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { AuthMode, AuthParam, readAuthMode, readReturnPath } from '../auth-links'
import { AuthForm, type TAuthMode } from '../components/auth-form'
import { GoogleSignInButton } from '../components/google-sign-in-button'
import { useSession } from '../session'

const copy = {
  'sign-in': {
    title: 'Welcome Back',
    description: 'Sign in to access your support dashboard',
    switchPrompt: "Don't have an account?",
    switchAction: 'Sign Up',
  },
  'sign-up': {
    title: 'Create Your Account',
    description: 'Start your free trial and automate your helpdesk',
    switchPrompt: 'Already have an account?',
    switchAction: 'Sign In',
  },
} as const

export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  // The mode lives in the address: "Start Free Trial" opens sign-up, `/auth` alone signs in, and a reload
  // keeps the mode switched to. An invitation sends people here and is gone back to afterwards.
  const mode = readAuthMode(searchParams)
  const returnTo = readReturnPath(searchParams)
  const text = copy[mode]
  const setMode = (next: TAuthMode) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current)
        if (next === AuthMode.signUp) params.set(AuthParam.mode, next)
        else params.delete(AuthParam.mode)
        return params
      },
      { replace: true },
    )
  const toggleMode = () => setMode(mode === AuthMode.signIn ? AuthMode.signUp : AuthMode.signIn)
  const { user, isLoading } = useSession()
  const navigate = useNavigate()
  // Someone signed in has nothing to do here: on to the dashboard, or back to their invitation. A sign-in
  // made on this page goes to the same place.
  useEffect(() => {
    if (!isLoading && user) navigate(returnTo ?? Paths.tickets, { replace: true })
  }, [isLoading, user, returnTo, navigate])

  return (
    <div className="flex flex-1 items-start justify-center bg-muted/40 px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle asChild className="text-2xl">
            <h1>{text.title}</h1>
          </CardTitle>
          <CardDescription>{text.description}</CardDescription>
          {returnTo && (
            <p className="text-sm text-muted-foreground">Afterwards you go back to your invitation.</p>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          <AuthForm
            key={mode}
            mode={mode}
            returnTo={returnTo}
            onSignInInstead={() => setMode(AuthMode.signIn)}
          />
          <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" />
            or
            <span className="h-px flex-1 bg-border" />
          </div>
          <GoogleSignInButton returnTo={returnTo} />
        </CardContent>
        <CardFooter className="justify-center gap-1 text-sm text-muted-foreground">
          {text.switchPrompt}
          <Button type="button" variant="link" size="inline" onClick={toggleMode}>
            {text.switchAction}
          </Button>
        </CardFooter>
      </Card>
    </div>
  )
}
