import { AlertTriangle } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { readOAuthError } from '../read-oauth-error'

export function ErrorPage() {
  const [params] = useSearchParams()
  const { title, description } = readOAuthError(params)
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="grid max-w-md justify-items-center gap-4 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-red-100 text-red-700">
          <AlertTriangle aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-2xl font-bold break-words">{title}</h1>
        {description && <p className="break-words text-muted-foreground">{description}</p>}
        <p className="text-sm text-muted-foreground">
          Please try again or contact support if the problem persists.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/auth">Back to Sign In</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Return to Home</Link>
          </Button>
        </div>
      </div>
    </div>
  )
}
